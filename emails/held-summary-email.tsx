import { Heading, Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailButton, EmailLayout } from "@/emails/email-layout";
import { formatNumber } from "@/lib/format";

export interface HeldSummaryEmailProps {
  productName: string;
  siteUrl: string;
  /** New held signups since `sinceLabel`, still held. */
  count: number;
  /** When the counting starts, as "28 Nov 2026, 14:05". */
  sinceLabel: string;
  /** The new ones by why they were held, each in plain words. */
  byReason: { label: string; count: number }[];
  /** Every signup held now, new or not. */
  waiting: number;
  heldListUrl: string;
  settingsUrl: string;
}

const listStyle = { fontSize: "15px", lineHeight: "22px", margin: "0 0 4px" } as const;

/**
 * Sent at most once an hour to an admin who asked to hear of every signup, while signups come in held for
 * review: a real person without JavaScript waits among them until someone releases them.
 */
export function HeldSummaryEmail({
  productName,
  siteUrl,
  count,
  sinceLabel,
  byReason,
  waiting,
  heldListUrl,
  settingsUrl,
}: HeldSummaryEmailProps) {
  const headline = `${formatNumber(count)} ${count === 1 ? "signup" : "signups"} held for review`;
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`${headline} since ${sinceLabel} UTC.`}
      settingsUrl={settingsUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 8px" }}>
        {headline}
      </Heading>
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", margin: "0 0 16px" }}>
        Since {sinceLabel} UTC. They have had no email and count nowhere until you release them.
      </Text>
      {byReason.map((row) => (
        <Text key={row.label} style={listStyle}>
          {row.label}: {formatNumber(row.count)}
        </Text>
      ))}
      <Text style={{ ...listStyle, marginTop: "16px" }}>
        Someone whose browser runs no JavaScript is a real person: release them. Garbled, wrong or reused checks are
        usually scripts: delete them.
      </Text>
      {waiting > count && <Text style={listStyle}>{formatNumber(waiting)} signups are held in all.</Text>}
      <EmailButton href={heldListUrl} spaced>
        Review held signups
      </EmailButton>
    </EmailLayout>
  );
}
