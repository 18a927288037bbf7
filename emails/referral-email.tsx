import { Heading, Text } from "@react-email/components";

import { EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";
import { EmailShareLinks } from "@/emails/share-links";

export interface ReferralEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  friends: number;
  /** The referrer's place now, or null when they are no longer in line (invited meanwhile). */
  place: number | null;
  /** The place they had when they confirmed, when kept; told only when they have come up from it. */
  upFrom?: number | null;
  /** The personal link to share (absent from emails queued before it was carried). */
  referralUrl?: string;
  statusUrl: string;
  leaveUrl: string;
}

const grouped = new Intl.NumberFormat("en-US");

/**
 * To a referrer, at most once a day: how many friends who joined through their link are credited, their place
 * now and where they started, and their link with ways to share it again.
 */
export function ReferralEmail({
  productName,
  siteUrl,
  name,
  friends,
  place,
  upFrom,
  referralUrl,
  statusUrl,
  leaveUrl,
}: ReferralEmailProps) {
  // Friends credited, in the words the status page uses for the same count.
  const joined =
    friends === 1
      ? "1 friend who joined through your link is credited"
      : `${grouped.format(friends)} friends who joined through your link are credited`;
  const from =
    place !== null && upFrom != null && upFrom > place ? `, up from #${grouped.format(upFrom)} when you confirmed` : "";
  const now = place === null ? "" : `; you're now #${grouped.format(place)} on the ${productName} waiting list${from}`;
  return (
    <EmailLayout productName={productName} siteUrl={siteUrl} preview={`${joined}${now}.`} leaveUrl={leaveUrl}>
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        Thanks for sharing, {name}
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 24px" }}>{`${joined}${now}.`}</Text>
      {referralUrl ? (
        <>
          <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 12px" }}>
            Each business owner who joins through your personal link and confirms their email moves you further up.
            Share it again:
          </Text>
          <EmailShareLinks url={referralUrl} />
          <EmailLinkText label="Your personal link:" href={referralUrl} spacing="0" />
        </>
      ) : null}
      <EmailButton href={statusUrl} spaced={!!referralUrl}>
        See your place
      </EmailButton>
      <EmailLinkText label="Or open this link:" href={statusUrl} />
    </EmailLayout>
  );
}
