-- Nobody is lost where two features meet: a signup through someone's personal link, and an imported row,
-- each get a source of their own instead of "direct"; a signup remembers whether its visit was counted, so
-- the overview's conversion never counts a signup whose visit it never saw; and no network counts as more
-- than a few visitors a day.

-- How an entry came when no utm_source says so: 'referral' (through someone's personal link, `/?ref=CODE`)
-- or 'import' (a row of an imported list). Null for everyone else.
ALTER TABLE "waitlist" ADD COLUMN "origin" TEXT;
-- Whether the signup's own visit was counted among the landing page's visitors (the visit beacon's salted
-- hash, the same day and source, claimed by this signup alone). False for signups that sent no beacon
-- (scripts off, a blocker, an API client) and for imports.
ALTER TABLE "waitlist" ADD COLUMN "visitCounted" BOOLEAN NOT NULL DEFAULT false;

-- The signups already here that came through a personal link. Nothing else reads this change: the sums
-- are made again below.
ALTER TABLE "waitlist" DISABLE TRIGGER USER;
UPDATE "waitlist" SET "origin" = 'referral' WHERE "referredById" IS NOT NULL;
ALTER TABLE "waitlist" ENABLE TRIGGER USER;

-- The source's rule gains the origin, after a utm_source and before the referring host (a personal link
-- shared on a site is still a referral). PostgreSQL 15 cannot change a generated column's expression, so the
-- column is made again (with its search index), rewriting the table once under a lock that holds signups
-- back for the length of the rewrite.
ALTER TABLE "waitlist" DROP COLUMN "source";
ALTER TABLE "waitlist" ADD COLUMN "source" TEXT NOT NULL GENERATED ALWAYS AS (COALESCE("utmSource", "origin", "referrer", 'direct')) STORED;
CREATE INDEX "waitlist_source_trgm_idx" ON "waitlist" USING GIN ("source" gin_trgm_ops);

-- The signups of each day and key whose visit was counted: the conversion's numerator.
ALTER TABLE "waitlist_daily" ADD COLUMN "visited" INTEGER NOT NULL DEFAULT 0;

-- The sums by source, made again under the new rule (what prisma/sql/functions/waitlist_daily.sql keeps).
DELETE FROM "waitlist_daily";
INSERT INTO "waitlist_daily" ("day", "businessType", "employees", "source", "slot", "signups", "confirmed", "invited", "accepted", "referred", "held", "visited")
SELECT ("joinedAt" AT TIME ZONE 'UTC')::date, "businessType", "employees", "source", 0,
       count(*) FILTER (WHERE "heldAt" IS NULL), count("confirmedAt") FILTER (WHERE "heldAt" IS NULL),
       count(*) FILTER (WHERE "status" IN ('invited', 'accepted') AND "heldAt" IS NULL),
       count(*) FILTER (WHERE "status" = 'accepted' AND "heldAt" IS NULL),
       count("referredById") FILTER (WHERE "heldAt" IS NULL), count("heldAt"), 0
FROM "waitlist" GROUP BY 1, 2, 3, 4;

-- A counted visit that a signup has claimed: each counted visitor vouches for one signup at most.
ALTER TABLE "visit_seen" ADD COLUMN "signedUp" BOOLEAN NOT NULL DEFAULT false;

-- Visitors counted today per network (its salted hash: an IPv4 address, an IPv6 /64), whatever the user
-- agent: past a few, a network's visitors are not counted. Deleted with the day's salt.
CREATE TABLE "visit_networks" (
    "day" DATE NOT NULL,
    "hash" BYTEA NOT NULL,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "visit_networks_pkey" PRIMARY KEY ("day", "hash")
);
