import { Heading, Text } from "@react-email/components";

import { EmailLayout } from "@/emails/email-layout";
import { EntryFacts } from "@/emails/entry-facts";

export interface InvitationAcceptedEmailProps {
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

/**
 * Sent to an admin who asked to hear of every signup when someone accepts their invitation: the team's cue
 * to send the login and book the set-up call the welcome page promised.
 */
export function InvitationAcceptedEmail({
  productName,
  siteUrl,
  name,
  email,
  businessType,
  teamSize,
  source,
  entryUrl,
  settingsUrl,
}: InvitationAcceptedEmailProps) {
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`${name} accepted their invitation to ${productName}.`}
      settingsUrl={settingsUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" }}>
        {name} accepted their invitation
      </Heading>
      <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}>
        They have been told what happens next: send them their login and arrange their set-up.
      </Text>
      <EntryFacts email={email} businessType={businessType} teamSize={teamSize} source={source} entryUrl={entryUrl} />
    </EmailLayout>
  );
}
