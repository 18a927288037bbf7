import { Heading, Link, Text } from "@react-email/components";

import { EMAIL_COLOURS, EmailButton, EmailLayout } from "@/emails/email-layout";
import { formatNumber } from "@/lib/format";

export interface DigestEmailProps {
  productName: string;
  siteUrl: string;
  /** The UTC day summed, as "25 November 2026". */
  dayLabel: string;
  total: number;
  byType: { label: string; signups: number }[];
  bySource: { label: string; signups: number }[];
  /** The day's newest signups, newest first. */
  newest: { name: string; businessType: string }[];
  /** Invitations accepted that day. */
  accepted: number;
  /** The day's signups held for review (not in `total`). */
  held: number;
  heldListUrl: string;
  /** Causes of errors first seen that day. */
  errors: number;
  errorsUrl: string;
  overviewUrl: string;
  settingsUrl: string;
}

const listStyle = { fontSize: "15px", lineHeight: "22px", margin: "0 0 4px" } as const;

function Counts({ title, rows }: { title: string; rows: { label: string; signups: number }[] }) {
  return (
    <>
      <Heading as="h2" style={{ fontSize: "16px", margin: "16px 0 8px" }}>
        {title}
      </Heading>
      {rows.map((row) => (
        <Text key={row.label} style={listStyle}>
          {row.label}: {formatNumber(row.signups)}
        </Text>
      ))}
    </>
  );
}

/**
 * The daily digest for an admin: the day's signups by business type and source, the newest names, how
 * many accepted their invitation that day, and how many are held for review.
 */
export function DigestEmail({
  productName,
  siteUrl,
  dayLabel,
  total,
  byType,
  bySource,
  newest,
  accepted,
  held,
  heldListUrl,
  errors,
  errorsUrl,
  overviewUrl,
  settingsUrl,
}: DigestEmailProps) {
  const count = formatNumber(total);
  return (
    <EmailLayout
      productName={productName}
      siteUrl={siteUrl}
      preview={`${count} new on the waiting list on ${dayLabel}.`}
      settingsUrl={settingsUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 8px" }}>
        {count} {total === 1 ? "signup" : "signups"} on {dayLabel}
      </Heading>
      <Text style={{ color: EMAIL_COLOURS.muted, fontSize: "14px", margin: "0 0 16px" }}>The whole UTC day.</Text>
      {total > 0 ? (
        <>
          <Counts title="By business type" rows={byType} />
          <Counts title="By source" rows={bySource} />
          <Heading as="h2" style={{ fontSize: "16px", margin: "16px 0 8px" }}>
            Newest
          </Heading>
          {newest.map((person, index) => (
            <Text key={index} style={listStyle}>
              {person.name} ({person.businessType})
            </Text>
          ))}
        </>
      ) : null}
      {accepted > 0 && (
        <Text style={{ ...listStyle, marginTop: "16px" }}>
          {accepted.toLocaleString("en-GB")} {accepted === 1 ? "person" : "people"} accepted their invitation.
        </Text>
      )}
      {held > 0 && (
        // Held signups mail nobody: a real person without JavaScript among them waits until someone looks.
        <Text style={{ ...listStyle, marginTop: "16px" }}>
          {formatNumber(held)} {held === 1 ? "signup" : "signups"} held for review, not counted above:{" "}
          <Link href={heldListUrl} style={{ color: EMAIL_COLOURS.primary }}>
            review them
          </Link>
        </Text>
      )}
      {errors > 0 && (
        <Text style={{ ...listStyle, marginTop: "16px" }}>
          {formatNumber(errors)} new {errors === 1 ? "error" : "errors"} on the site:{" "}
          <Link href={errorsUrl} style={{ color: EMAIL_COLOURS.primary }}>
            see them
          </Link>
        </Text>
      )}
      <EmailButton href={overviewUrl} spaced>
        Open the overview
      </EmailButton>
    </EmailLayout>
  );
}
