import "server-only";

import { siteConfig } from "@/config/site";
import { HeldSummaryEmail } from "@/emails/held-summary-email";
import { HELD_LIST_HREF } from "@/lib/admin-paths";
import { getDb } from "@/lib/db";
import { newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { formatNumber, utcDateTime } from "@/lib/format";
import { heldReasonShort } from "@/lib/validation/challenge";

// "N signups held for review": a held signup sends no alert of its own (a hundred bots would be a hundred
// emails), so each active admin who chose every signup hears of them together, at most once an hour, while
// new ones come in. The maintenance sweep queues it (queueHeldSummaries); the outbox sweep sends it.

/** How long an admin goes between two of these at least. */
export const HELD_SUMMARY_INTERVAL_MS = 60 * 60 * 1000;

/** What the email needs: the new held signups of one admin's hour or more. */
export interface HeldSummaryPayload {
  /** New held signups (still held) since `since`. */
  count: number;
  /** The start of the count, ISO 8601: this admin's last such email, or an hour before. */
  since: string;
  /** The new ones by heldReason, most first. */
  byReason: { reason: string; count: number }[];
  /** Every signup held now. */
  waiting: number;
}

/** The subject, which starts with the count. */
export const heldSummarySubject = (productName: string, count: number) =>
  `${formatNumber(count)} ${count === 1 ? "signup" : "signups"} held for review on the ${productName} waiting list`;

/** The email of a payload. */
export function heldSummaryElement(summary: HeldSummaryPayload, common: EmailContext) {
  return (
    <HeldSummaryEmail
      {...common}
      count={summary.count}
      sinceLabel={utcDateTime.format(new Date(summary.since))}
      byReason={summary.byReason.map((row) => ({ label: heldReasonShort(row.reason) || "Unknown", count: row.count }))}
      waiting={summary.waiting}
      heldListUrl={`${common.siteUrl}${HELD_LIST_HREF}`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

/**
 * Queues the email to each active admin who chose every signup, has had none for an hour and has new held
 * signups since their last one (or within the hour, if they never had one). Claiming an admin and queueing
 * their email are one transaction, and the claim moves `heldSummaryAt` in the statement that checks it: a
 * second sweep, on this server or another, waits for the row and then finds it taken. Returns the outbox ids.
 */
export async function queueHeldSummaries(now = new Date()): Promise<number[]> {
  const hourAgo = new Date(now.getTime() - HELD_SUMMARY_INTERVAL_MS);
  return getDb().$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<{ email: string; since: Date }[]>`
      UPDATE "admin_users" AS a SET "heldSummaryAt" = ${now}
      FROM (SELECT "id", coalesce("heldSummaryAt", ${hourAgo}) AS "since" FROM "admin_users") AS last
      WHERE a."id" = last."id" AND a."notify" = 'each' AND a."isActive"
        AND (a."heldSummaryAt" IS NULL OR a."heldSummaryAt" <= ${hourAgo})
        AND EXISTS (
          SELECT 1 FROM "waitlist" AS w
          WHERE w."heldAt" > coalesce(a."heldSummaryAt", ${hourAgo}) AND w."heldAt" <= ${now})
      RETURNING a."email", last."since"`;
    if (claimed.length === 0) return [];
    const ids: number[] = [];
    const held = await tx.$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS "waiting" FROM "waitlist" WHERE "heldAt" IS NOT NULL`;
    const waiting = held[0]?.waiting ?? 0;
    for (const admin of claimed) {
      const byReason = await tx.$queryRaw<{ reason: string; count: number }[]>`
        SELECT coalesce("heldReason", '') AS "reason", count(*)::int AS "count" FROM "waitlist"
        WHERE "heldAt" > ${admin.since} AND "heldAt" <= ${now}
        GROUP BY 1 ORDER BY 2 DESC, 1`;
      const count = byReason.reduce((sum, row) => sum + row.count, 0);
      const payload: HeldSummaryPayload = { count, since: admin.since.toISOString(), byReason, waiting };
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO "email_outbox" ("kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
        VALUES ('held-summary', ${admin.email}, ${heldSummarySubject(siteConfig.name, count)},
                ${JSON.stringify(payload)}::jsonb, ${newMessageIdSql()}, ${now}, ${now})
        RETURNING "id"`;
      ids.push(row!.id);
    }
    return ids;
  });
}
