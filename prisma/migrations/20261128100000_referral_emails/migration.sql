-- At most one "friends joined through your link" email per referrer per UTC day (lib/email/kinds/referral.tsx),
-- however many servers queue it at once.
CREATE UNIQUE INDEX "email_outbox_referral_key" ON "email_outbox" ("entryId", ("payload" ->> 'day')) WHERE "kind" = 'referral';
