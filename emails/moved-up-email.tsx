import { Heading, Text } from "@react-email/components";

import { EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface MovedUpEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  /** The place in line now. */
  place: number;
  /** How many places better than the place we last wrote about (or the place when they confirmed). */
  moved: number;
  /** The personal link to share, as the status page shows it. */
  referralUrl: string;
  leaveUrl: string;
}

const grouped = new Intl.NumberFormat("en-US");

/** To a confirmed person waiting their turn, at most once a day: their new place, how far they came, and their link. */
export function MovedUpEmail({ productName, siteUrl, name, place, moved, referralUrl, leaveUrl }: MovedUpEmailProps) {
  const places = moved === 1 ? "1 place" : `${grouped.format(moved)} places`;
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`You're now #${grouped.format(place)}, ${places} up since we last wrote.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        Good news, {name}: you moved up
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" }}>
        You&apos;re now #{grouped.format(place)} on the {productName} waiting list, {places} up since we last wrote.
      </Text>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 24px" }}>
        Want to move up faster? Share your personal link with other business owners: each one who joins through it and
        confirms their email moves you further up the line.
      </Text>
      <EmailButton href={referralUrl}>Share your link</EmailButton>
      <EmailLinkText label="Your personal link:" href={referralUrl} />
    </EmailLayout>
  );
}
