import { Heading, Text } from "@react-email/components";

import { EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface ReferralEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  friends: number;
  /** The referrer's place now, or null when they are no longer in line (invited meanwhile). */
  place: number | null;
  statusUrl: string;
  leaveUrl: string;
}

const grouped = new Intl.NumberFormat("en-US");

/** To a referrer, at most once a day: how many friends who joined through their link are credited, and their place now. */
export function ReferralEmail({ productName, siteUrl, name, friends, place, statusUrl, leaveUrl }: ReferralEmailProps) {
  // Friends credited, in the words the status page uses for the same count.
  const joined =
    friends === 1
      ? "1 friend who joined through your link is credited"
      : `${grouped.format(friends)} friends who joined through your link are credited`;
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={place === null ? `${joined}.` : `${joined}; you're now #${grouped.format(place)}.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        Thanks for sharing, {name}
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 24px" }}>
        {place === null
          ? `${joined}.`
          : `${joined}; you're now #${grouped.format(place)} on the ${productName} waiting list.`}
      </Text>
      <EmailButton href={statusUrl}>See your place</EmailButton>
      <EmailLinkText label="Or open this link:" href={statusUrl} />
    </EmailLayout>
  );
}
