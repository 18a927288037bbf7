-- Signups held for review: a signup that came without a valid proof of work (lib/challenge/altcha.ts) is
-- stored, but held. No email goes to it and it counts nowhere (the public count, the overview, webhooks,
-- alerts) until an admin releases it or the same address signs up again with a proof. The triggers' bodies
-- live in prisma/sql/functions (waitlist_counter.sql, waitlist_daily.sql, webhooks.sql), applied after this
-- in the same transaction.

-- AlterTable
ALTER TABLE "waitlist" ADD COLUMN "heldAt" TIMESTAMPTZ(3), ADD COLUMN "heldReason" TEXT;

-- The Held filter and the sidebar's list of them, newest first; nobody else is in this index.
CREATE INDEX "waitlist_held_idx" ON "waitlist"("heldAt" DESC, "id" DESC) WHERE "heldAt" IS NOT NULL;

-- The held entries' own figure beside the count (every entry here so far counts: none is held).
ALTER TABLE "waitlist_counter" ADD COLUMN "held" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "waitlist_daily" ADD COLUMN "held" INTEGER NOT NULL DEFAULT 0;

-- A release moves an entry from "held" to "count": the counter now watches updates too. The body here is
-- replaced by waitlist_counter.sql's in the same transaction.
CREATE OR REPLACE FUNCTION "waitlist_counter_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;

CREATE TRIGGER "waitlist_counter_update" AFTER UPDATE ON "waitlist"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_counter_on_update"();
