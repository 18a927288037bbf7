-- A segment's live count without reading the list: how many entries hold each combination of the list's
-- fixed-choice filters (status, confirmed, business type, team size, source, has referrals, held), kept exact
-- by statement-level triggers on waitlist. A count for those filters is a sum over the combinations that match,
-- a few hundred rows however long the list; other filters (search, referred by, tags) count the list itself.
-- Each combination is a sum over four slots: concurrent signups of the same combination add to a random slot,
-- so they rarely queue on one row's lock. The trigger bodies are in prisma/sql/functions/waitlist_segment_counts.sql.

CREATE TABLE "waitlist_segment_counts" (
    "status" TEXT NOT NULL,
    "confirmed" BOOLEAN NOT NULL,
    "businessType" TEXT NOT NULL,
    "employees" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "hasReferrals" BOOLEAN NOT NULL,
    "held" BOOLEAN NOT NULL,
    "slot" SMALLINT NOT NULL,
    "entries" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "waitlist_segment_counts_pkey" PRIMARY KEY ("status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held", "slot")
);

-- The entries already on the list, in slot 0.
INSERT INTO "waitlist_segment_counts" ("status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held", "slot", "entries")
SELECT "status", "confirmedAt" IS NOT NULL, "businessType", "employees", "source", "referralCredits" > 0, "heldAt" IS NOT NULL, 0, count(*)
FROM "waitlist"
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- Placeholder bodies, replaced by prisma/sql/functions/waitlist_segment_counts.sql after the migrations run.
CREATE FUNCTION "waitlist_segment_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION "waitlist_segment_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION "waitlist_segment_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
CREATE FUNCTION "waitlist_segment_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;

CREATE TRIGGER "waitlist_segment_counts_insert" AFTER INSERT ON "waitlist"
REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_segment_counts_on_insert"();
CREATE TRIGGER "waitlist_segment_counts_update" AFTER UPDATE ON "waitlist"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_segment_counts_on_update"();
CREATE TRIGGER "waitlist_segment_counts_delete" AFTER DELETE ON "waitlist"
REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_segment_counts_on_delete"();
CREATE TRIGGER "waitlist_segment_counts_truncate" AFTER TRUNCATE ON "waitlist"
FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_segment_counts_on_truncate"();
