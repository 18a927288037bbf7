import { Heading, Text } from "@react-email/components";

import { EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface ConfirmedEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  /** The place the confirmation gave; absent when it could not be counted in time (then the page shows it). */
  place?: number | null;
  statusUrl: string;
  leaveUrl: string;
}

const grouped = new Intl.NumberFormat("en-US");

/** Sent once an address is confirmed: the place is kept, and where to see it and the link to share. */
export function ConfirmedEmail({ productName, siteUrl, name, place, statusUrl, leaveUrl }: ConfirmedEmailProps) {
  const placed = place != null ? `You're #${grouped.format(place)} on the ${productName} waiting list.` : null;
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={placed ?? `Your place on the ${productName} waiting list is confirmed.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        You&apos;re confirmed, {name}
      </Heading>
      {placed ? (
        <Text style={{ fontSize: "20px", lineHeight: "28px", fontWeight: 600, margin: "0 0 16px" }}>{placed}</Text>
      ) : null}
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 24px" }}>
        Thanks for confirming your email address. Your place on the {productName} waiting list is kept, and we&apos;ll
        email you when it&apos;s your turn to try it. Your waiting list page shows your place in line and your personal
        link to share with other business owners.
      </Text>
      <EmailButton href={statusUrl}>See your place</EmailButton>
      <EmailLinkText label="Or open this link:" href={statusUrl} />
    </EmailLayout>
  );
}
