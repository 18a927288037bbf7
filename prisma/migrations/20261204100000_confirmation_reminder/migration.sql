-- One reminder to confirm, and one "you're confirmed" email, per entry (lib/email/kinds/confirmation-reminder.tsx
-- and confirmed.tsx). The reminder is chosen by the maintenance sweep from the entries themselves: an
-- unconfirmed entry whose confirmation went out two days ago and that has no "remindedAt" yet. Marking it and
-- queueing its email happen in one statement, so a sweep that runs twice, or on many servers at once,
-- reminds nobody twice.

-- AlterTable
ALTER TABLE "waitlist" ADD COLUMN "remindedAt" TIMESTAMPTZ(3);

-- The sweep's look-up: only entries that could still be reminded are in this index.
CREATE INDEX "waitlist_reminder_due_idx" ON "waitlist"("confirmationSentAt")
  WHERE "confirmedAt" IS NULL AND "remindedAt" IS NULL AND "heldAt" IS NULL AND "status" = 'waiting';

-- At most one of each per entry, whatever queues it: the database has the last word.
CREATE UNIQUE INDEX "email_outbox_one_reminder_idx" ON "email_outbox"("entryId") WHERE "kind" = 'confirmation-reminder';
CREATE UNIQUE INDEX "email_outbox_one_confirmed_idx" ON "email_outbox"("entryId") WHERE "kind" = 'confirmed';
