import "server-only";

import { siteConfig } from "@/config/site";
import { ConfirmationReminderEmail } from "@/emails/confirmation-reminder-email";
import { getDb } from "@/lib/db";
import { newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { publicSiteUrl } from "@/lib/email/site";
import { CONFIRM_TOKEN_TTL_MS, hashTokenSql, NEW_TOKEN_SQL } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// The one reminder to confirm: two days after an entry's confirmation email, if it is still not confirmed.
//
// Chosen by the maintenance sweep from the entries themselves rather than queued at signup to wait two days:
// the entry's own state decides at the moment of queueing (confirmed, left, erased, held, invited: not
// chosen), nothing waits in the outbox holding a live link for two days, a signup writes nothing more, and
// the one-reminder rule is a column ("remindedAt") set in the same statement that queues the email. Two
// sweeps at once (two servers, or a cron call overlapping a server's own) take different rows (SKIP LOCKED),
// and a unique index on the outbox allows one reminder per entry whatever happens.

/** What the reminder needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmationReminderPayload {
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

/** How long after the (latest) confirmation email the reminder goes. */
export const REMINDER_AFTER_MS = 48 * 60 * 60 * 1000;

/**
 * An entry whose confirmation went out longer ago than this is not reminded: its first link has expired,
 * and a reminder of a signup that old (on the day this feature first runs, say) would come out of the blue.
 */
export const REMINDER_WITHIN_MS = CONFIRM_TOKEN_TTL_MS;

/** Reminders queued by one sweep at most; the rest wait for the next, minutes later. */
export const REMINDER_BATCH = 1_000;

/** The subject of the reminder. */
export const confirmationReminderSubject = (productName: string) =>
  `Reminder: confirm your place on the ${productName} waiting list`;

/** The reminder email of a payload. */
export function confirmationReminderElement(payload: ConfirmationReminderPayload, common: EmailContext) {
  return <ConfirmationReminderEmail {...common} {...payload} />;
}

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
      INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
      SELECT "id", 'confirmation-reminder', "email", ${confirmationReminderSubject(siteConfig.name)}::text,
             jsonb_build_object('name', "name",
               'confirmUrl', ${`${site}/waitlist/confirm?token=`}::text || "confirmToken",
               'leaveUrl', ${`${site}/waitlist/leave?token=`}::text || "leaveToken"),
             ${newMessageIdSql()}, ${at}, ${at}
      FROM reminded
      ON CONFLICT ("entryId") WHERE "kind" = 'confirmation-reminder' DO NOTHING
      RETURNING "id"
    )
    SELECT "id" FROM emails ORDER BY "id"`;
  return rows.map((row) => row.id);
}

/**
 * The SQL that withdraws an entry's reminder not yet on its way (a CTE body, for the confirmation's own
 * statement): once confirmed, the reminder has nothing left to ask. One a sweep has already claimed goes.
 */
export function withdrawReminderSql(source: "confirmed", now: Date): Prisma.Sql {
  return Prisma.sql`DELETE FROM "email_outbox"
    WHERE "entryId" IN (SELECT "id" FROM ${Prisma.raw(source)}) AND "kind" = 'confirmation-reminder'
      AND "status" IN ('pending', 'unsent') AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamptz)`;
}
