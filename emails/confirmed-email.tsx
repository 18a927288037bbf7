import { Heading, Text } from "@react-email/components";

import { EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface ConfirmedEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  statusUrl: string;
  leaveUrl: string;
}

/** Sent once an address is confirmed: the place is kept, and where to see it and the link to share. */
export function ConfirmedEmail({ productName, siteUrl, name, statusUrl, leaveUrl }: ConfirmedEmailProps) {
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`Your place on the ${productName} waiting list is confirmed.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        You&apos;re confirmed, {name}
      </Heading>
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
