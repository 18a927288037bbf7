import { Button, Heading, Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailLayout } from "@/emails/email-layout";

export interface SignupAlertEmailProps {
  productName: string;
  siteUrl: string;
  name: string;
  email: string;
  businessType: string;
  teamSize: string;
  source: string;
  entryUrl: string;
  settingsUrl: string;
}

/** Sent to an admin who asked to hear of every signup: who joined, and a link to their entry. */
export function SignupAlertEmail({
  productName,
  siteUrl,
  name,
  email,
  businessType,
  teamSize,
  source,
  entryUrl,
  settingsUrl,
}: SignupAlertEmailProps) {
  const rows: [string, string][] = [
    ["Email", email],
    ["Business type", businessType],
    ["Team size", teamSize],
    ["Source", source],
  ];
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`${name} joined the waiting list.`}
      settingsUrl={settingsUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        {name} joined the waiting list
      </Heading>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 4px" }}>
          <span style={{ color: EMAIL_COLOURS.muted }}>{label}:</span> {value}
        </Text>
      ))}
      <Button
        href={entryUrl}
        style={{
          backgroundColor: EMAIL_COLOURS.primary,
          color: "#ffffff",
          borderRadius: "8px",
          padding: "12px 20px",
          fontSize: "16px",
          fontWeight: 600,
          marginTop: "20px",
        }}
      >
        Open their entry
      </Button>
    </EmailLayout>
  );
}
