import { Heading, Text } from "@react-email/components";

import { emailQuestionsLine, WRITE_TO_US, type ContactWay } from "@/content/email-links";
import { EMAIL_COLOURS, EmailButton, EmailLayout, EmailLinkText } from "@/emails/email-layout";

export interface ConfirmationEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  confirmUrl: string;
  leaveUrl: string;
  /** How to reach the team: replying only when replies reach someone. */
  contact?: ContactWay;
}

/** Sent after a signup: one button that confirms the address is the visitor's own. */
export function ConfirmationEmail({
  productName,
  siteUrl,
  name,
  confirmUrl,
  leaveUrl,
  contact = WRITE_TO_US,
}: ConfirmationEmailProps) {
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`One click to confirm your place on the ${productName} waiting list.`}
      leaveUrl={leaveUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        Confirm your place, {name}
      </Heading>
      <Text style={{ fontSize: "16px", lineHeight: "26px", margin: "0 0 24px" }}>
        Thanks for joining the {productName} waiting list. Please confirm that this is your email address, so we know
        where to send your invitation when it is your turn.
      </Text>
      <EmailButton href={confirmUrl}>Confirm my place</EmailButton>
      <EmailLinkText label="Or open this link:" href={confirmUrl} />
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", lineHeight: "22px", margin: "12px 0 0" }}>
        The link works for 7 days. If you did not sign up, ignore this email: one reminder follows if it is not
        confirmed, and nothing after that.
      </Text>
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", lineHeight: "22px", margin: "12px 0 0" }}>
        {emailQuestionsLine(contact)}
      </Text>
    </EmailLayout>
  );
}
