import { Heading, Text } from "@react-email/components";

import { EmailButton, EmailLayout } from "@/emails/email-layout";

export interface SecurityNoticeEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  /** What happened, as a sentence: "A passkey was added to your account." */
  headline: string;
  /** More about it: which passkey, and when. */
  detail: string;
  /** What to do if the admin did not make the change. */
  advice: string;
  securityUrl: string;
}

/**
 * Sent to an admin when the way they sign in changes: so a change they did not make is noticed the same day,
 * while their sessions and the admin with full rights can still undo it.
 */
export function SecurityNoticeEmail({
  productName,
  siteUrl,
  name,
  headline,
  detail,
  advice,
  securityUrl,
}: SecurityNoticeEmailProps) {
  return (
    <EmailLayout productName={productName} siteUrl={siteUrl} preview={headline} securityUrl={securityUrl}>
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        {headline}
      </Heading>
      <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}>Hello {name},</Text>
      <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}>{detail}</Text>
      <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}>{advice}</Text>
      <EmailButton href={securityUrl} spaced>
        Review your security settings
      </EmailButton>
    </EmailLayout>
  );
}
