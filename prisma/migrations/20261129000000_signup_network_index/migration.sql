-- The sweep forgets signup networks once the referral rule's window has passed: this index holds only the
-- entries that still keep one (the last month's signups), so finding them never reads the whole list.
CREATE INDEX "waitlist_signup_network_joined_idx" ON "waitlist" ("joinedAt") WHERE "signupNetwork" IS NOT NULL;
