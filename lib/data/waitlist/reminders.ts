import "server-only";

import { siteConfig } from "@/config/site";
import { getDb } from "@/lib/db";
import {
  confirmationReminderSubject,
  REMINDER_AFTER_MS,
  REMINDER_BATCH,
  REMINDER_WITHIN_MS,
} from "@/lib/email/kinds/confirmation-reminder";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { publicSiteUrl } from "@/lib/email/site";
import { CONFIRM_TOKEN_TTL_MS, hashTokenSql, NEW_TOKEN_SQL } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// The one reminder to confirm (lib/email/kinds/confirmation-reminder.tsx says why it is chosen this way):
// the maintenance sweep marks the entries that are due and queues their emails in one statement.

/**
 * Queues the reminder for every entry that is due: still waiting, not held, not confirmed, never reminded,
 * and sent its confirmation between REMINDER_WITHIN_MS and REMINDER_AFTER_MS ago. Each gets a fresh
 * confirmation link (seven days from now, as the first one's may be nearly spent) and leave link, only their
 * hashes stored. Returns the outbox ids queued (the email sweep sends them).
 */
export async function queueConfirmationReminders(now = new Date(), limit = REMINDER_BATCH): Promise<number[]> {
  const site = publicSiteUrl();
  const at = Prisma.sql`${now}::timestamptz`;
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH due AS (
      SELECT "id" FROM "waitlist"
      WHERE "confirmedAt" IS NULL AND "remindedAt" IS NULL AND "heldAt" IS NULL AND "status" = 'waiting'
        AND "confirmationSentAt" <= ${new Date(now.getTime() - REMINDER_AFTER_MS)}::timestamptz
        AND "confirmationSentAt" > ${new Date(now.getTime() - REMINDER_WITHIN_MS)}::timestamptz
      ORDER BY "confirmationSentAt", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    reminded AS (
      UPDATE "waitlist" AS w SET "remindedAt" = ${at}
      FROM due WHERE w."id" = due."id" AND w."remindedAt" IS NULL
      RETURNING w."id", w."name", w."email", ${NEW_TOKEN_SQL} AS "confirmToken", ${NEW_TOKEN_SQL} AS "leaveToken"
    ),
    tokens AS (
      INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt", "expiresAt")
      SELECT ${hashTokenSql(Prisma.sql`"confirmToken"`)}, "id", 'confirm', ${at}, ${new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS)}::timestamptz FROM reminded
      UNION ALL
      SELECT ${hashTokenSql(Prisma.sql`"leaveToken"`)}, "id", 'leave', ${at}, NULL FROM reminded
    ),
    emails AS (
      ${outboxInsertSql(
        "confirmation-reminder",
        Prisma.sql`SELECT "id" AS "entryId", "email" AS "to", ${confirmationReminderSubject(siteConfig.name)}::text AS "subject",
             jsonb_build_object('name', "name",
               'confirmUrl', ${`${site}/waitlist/confirm?token=`}::text || "confirmToken",
               'leaveUrl', ${`${site}/waitlist/leave?token=`}::text || "leaveToken") AS "payload"
           FROM reminded`,
        { now },
      )}
      ON CONFLICT ("entryId") WHERE "kind" = 'confirmation-reminder' DO NOTHING
      RETURNING "id"
    )
    SELECT "id" FROM emails ORDER BY "id"`;
  return rows.map((row) => row.id);
}
