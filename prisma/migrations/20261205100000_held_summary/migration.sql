-- "N signups held for review" (lib/email/kinds/held-summary.tsx): each admin who chose every signup hears of
-- held signups at most once an hour. The maintenance sweep claims an admin by moving this time forward in
-- the same statement that checks it, so however many servers sweep at once, only one of them queues the email.

-- AlterTable
ALTER TABLE "admin_users" ADD COLUMN "heldSummaryAt" TIMESTAMPTZ(3);
