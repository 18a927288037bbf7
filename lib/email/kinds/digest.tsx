import "server-only";

import { siteConfig } from "@/config/site";
import { DigestEmail } from "@/emails/digest-email";
import { HELD_LIST_HREF } from "@/lib/admin-paths";
import { getDb } from "@/lib/db";
import { newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { formatNumber, utcDayDate, utcLongDate } from "@/lib/format";
import { businessTypeLabel } from "@/lib/validation/waitlist";

// The daily digest: one UTC day's signups, to each active admin who chose one a day.

/** What the daily digest needs: one UTC day's sums and newest names. */
export interface DigestPayload {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  total: number;
  byType: { key: string; signups: number }[];
  bySource: { key: string; signups: number }[];
  newest: { name: string; businessType: string }[];
  /** Invitations accepted that day (absent from digests queued before acceptances were counted). */
  accepted?: number;
  /** The day's signups still held for review, not in `total` (absent from digests queued before it was counted). */
  held?: number;
}

/** A digest's day as people read it ("25 November 2026"). */
export const digestDayLabel = (day: string) => utcLongDate.format(utcDayDate(day));

/** The digest's subject. */
export const digestSubject = (productName: string, dayLabel: string, total: number) =>
  `${productName} waiting list, ${dayLabel}: ${formatNumber(total)} ${total === 1 ? "signup" : "signups"}`;

/** The digest email of a payload. */
export function digestElement(digest: DigestPayload, common: EmailContext) {
  return (
    <DigestEmail
      {...common}
      dayLabel={digestDayLabel(digest.day)}
      total={digest.total}
      accepted={digest.accepted ?? 0}
      held={digest.held ?? 0}
      heldListUrl={`${common.siteUrl}${HELD_LIST_HREF}`}
      byType={digest.byType.map((row) => ({ label: businessTypeLabel(row.key), signups: row.signups }))}
      bySource={digest.bySource.map((row) => ({ label: row.key, signups: row.signups }))}
      newest={digest.newest.map((person) => ({
        name: person.name,
        businessType: businessTypeLabel(person.businessType),
      }))}
      overviewUrl={`${common.siteUrl}/admin/overview`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

/**
 * Queues `digest` to each address in `to`, skipping any that already has that day's: a unique index keeps
 * it to one per admin per day however many servers sweep. Returns the outbox ids queued.
 */
export async function queueDigest(to: string[], digest: DigestPayload, now: Date): Promise<number[]> {
  const subject = digestSubject(siteConfig.name, digestDayLabel(digest.day), digest.total);
  const queued = await getDb().$queryRaw<{ id: number }[]>`
    INSERT INTO "email_outbox" ("kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
    SELECT 'digest', "email", ${subject}, ${JSON.stringify(digest)}::jsonb, ${newMessageIdSql()}, ${now}, ${now}
    FROM unnest(${to}::text[]) AS "email"
    ON CONFLICT ("to", ("payload" ->> 'day')) WHERE "kind" = 'digest' DO NOTHING
    RETURNING "id"`;
  return queued.map((row) => row.id);
}
