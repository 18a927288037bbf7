import { Heading } from "@react-email/components";

import { EmailLayout } from "@/emails/email-layout";
import { EntryFacts } from "@/emails/entry-facts";

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
      <EntryFacts email={email} businessType={businessType} teamSize={teamSize} source={source} entryUrl={entryUrl} />
    </EmailLayout>
  );
}
