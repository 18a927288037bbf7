-- Letting people in: every entry is waiting, invited (an invitation was sent) or accepted (its link was
-- opened), with the time of each change. Adding columns with a constant default rewrites nothing.
ALTER TABLE "waitlist" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'waiting';
ALTER TABLE "waitlist" ADD COLUMN "invitedAt" TIMESTAMPTZ(3);
ALTER TABLE "waitlist" ADD COLUMN "acceptedAt" TIMESTAMPTZ(3);
