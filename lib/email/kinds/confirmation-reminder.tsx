import "server-only";

import { z } from "zod";

import { ConfirmationReminderEmail } from "@/emails/confirmation-reminder-email";
import { defineEmailKind } from "@/lib/email/email-kind";
import { CONFIRM_TOKEN_TTL_MS } from "@/lib/email/tokens";
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
const payload = z.object({ name: z.string(), confirmUrl: z.string(), leaveUrl: z.string() });
export type ConfirmationReminderPayload = z.infer<typeof payload>;

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

export const confirmationReminderKind = defineEmailKind({
  kind: "confirmation-reminder",
  subject: confirmationReminderSubject,
  payload,
  template: (reminder, common) => <ConfirmationReminderEmail {...common} {...reminder} />,
  label: "Reminder to confirm",
  onEntry: "Reminder to confirm",
  to: "them",
});

/**
 * The SQL that withdraws an entry's reminder not yet on its way (a CTE body, for the confirmation's own
 * statement): once confirmed, the reminder has nothing left to ask. One a sweep has already claimed goes.
 */
export function withdrawReminderSql(source: "confirmed", now: Date): Prisma.Sql {
  return Prisma.sql`DELETE FROM "email_outbox"
    WHERE "entryId" IN (SELECT "id" FROM ${Prisma.raw(source)}) AND "kind" = 'confirmation-reminder'
      AND "status" IN ('pending', 'unsent') AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamptz)`;
}
