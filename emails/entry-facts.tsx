import { Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailButton } from "@/emails/email-layout";

export interface EntryFactsProps {
  email: string;
  businessType: string;
  teamSize: string;
  source: string;
  entryUrl: string;
}

/** What the team's alerts say of an entry, label by label, and the button that opens it in the admin area. */
export function EntryFacts({ email, businessType, teamSize, source, entryUrl }: EntryFactsProps) {
  const rows: [string, string][] = [
    ["Email", email],
    ["Business type", businessType],
    ["Team size", teamSize],
    ["Source", source],
  ];
  return (
    <>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ fontSize: "15px", lineHeight: "22px", margin: "0 0 4px" }}>
          <span style={{ color: EMAIL_COLOURS.muted }}>{label}:</span> {value}
        </Text>
      ))}
      <EmailButton href={entryUrl} spaced>
        Open their entry
      </EmailButton>
    </>
  );
}
