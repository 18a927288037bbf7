-- When the session's admin last gave their password: at sign-in, and again when they confirm it. Changes to how
-- they sign in (a factor added or removed, new recovery codes) ask for it again once it is 10 minutes old.
ALTER TABLE "admin_sessions" ADD COLUMN "passwordAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
