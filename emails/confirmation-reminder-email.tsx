import { Heading, Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface ConfirmationReminderEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

/** The one reminder, two days after the confirmation email, to someone who has not confirmed yet. */
export function ConfirmationReminderEmail({
  productName,
  siteUrl,
  name,
  confirmUrl,
  leaveUrl,
}: ConfirmationReminderEmailProps) {
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`Your place on the ${productName} waiting list is not confirmed yet.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        Your place is waiting, {name}
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 24px" }}>
        Two days ago we sent you a link to confirm your place on the {productName} waiting list, and your email address
        is not confirmed yet. One click confirms it, and your place in line counts from then.
      </Text>
      <EmailButton href={confirmUrl}>Confirm my place</EmailButton>
      <EmailLinkText label="Or open this link:" href={confirmUrl} />
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", lineHeight: "22px", margin: "12px 0 0" }}>
        The link works for 7 days. This is the only reminder we will send. If you did not sign up, or changed your mind,
        use the link below to be removed.
      </Text>
    </EmailLayout>
  );
}
