import "server-only";

import { siteConfig } from "@/config/site";
import { getDb } from "@/lib/db";
import { ERROR_ALERT_INTERVAL_MS, errorAlertSubject, type ErrorAlertPayload } from "@/lib/email/kinds/error-alert";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Queues "a new error on the site" to each active full admin for the causes that are new, or back after being
 * resolved, and had no alert within the hour. Claiming the causes and queueing the emails are one
 * transaction, and the claim clears "alertDue" in the statement that checks it: a second sweep, here or on
 * another server, waits for the rows and then finds them taken. Returns the outbox ids.
 */
export async function queueErrorAlerts(now = new Date()): Promise<number[]> {
  const hourAgo = new Date(now.getTime() - ERROR_ALERT_INTERVAL_MS);
  return getDb().$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<ErrorAlertPayload["groups"]>`
      UPDATE "error_events" SET "alertDue" = false, "alertedAt" = ${now}
      WHERE "alertDue" AND ("alertedAt" IS NULL OR "alertedAt" <= ${hourAgo})
      RETURNING "kind", "name", left("message", 300) AS "message", "route", "count", "id"`;
    if (claimed.length === 0) return [];
    const groups = claimed
      .map(({ kind, name, message, route, count }) => ({ kind, name, message, route, count }))
      .slice(0, 20);
    const payload: ErrorAlertPayload = { groups };
    const rows = await tx.$queryRaw<{ id: number }[]>`
      ${outboxInsertSql(
        "error-alert",
        Prisma.sql`SELECT NULL::int AS "entryId", a."email" AS "to",
          ${errorAlertSubject(siteConfig.name, claimed.length)}::text AS "subject",
          ${JSON.stringify(payload)}::jsonb AS "payload"
          FROM "admin_users" AS a WHERE a."isActive" AND a."role" = 'admin'`,
        { now },
      )}
      RETURNING "id"`;
    return rows.map((row) => row.id);
  });
}
