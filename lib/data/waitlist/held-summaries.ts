import "server-only";

import { siteConfig } from "@/config/site";
import { getDb } from "@/lib/db";
import { HELD_SUMMARY_INTERVAL_MS, heldSummarySubject, type HeldSummaryPayload } from "@/lib/email/kinds/held-summary";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { Prisma } from "@/lib/generated/prisma/client";

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
      const summary: HeldSummaryPayload = { count, since: admin.since.toISOString(), byReason, waiting };
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        ${outboxInsertSql(
          "held-summary",
          Prisma.sql`SELECT NULL::int AS "entryId", ${admin.email}::text AS "to",
            ${heldSummarySubject(siteConfig.name, count)}::text AS "subject", ${JSON.stringify(summary)}::jsonb AS "payload"`,
          { now },
        )}
        RETURNING "id"`;
      ids.push(row!.id);
    }
    return ids;
  });
}
