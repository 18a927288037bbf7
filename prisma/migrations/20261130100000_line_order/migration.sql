-- The line as one sortable number per entry, and its length in buckets, so that a place is a few hundred
-- additions and a short index range at any size of the line, and the admin list can sort by place.
--
-- "lineOrder" is lineKey * 2^32 + (2^32 - confirmSeq) for a confirmed entry still waiting, and the largest
-- bigint for everyone else: lower keys first, and of two entries with the same key the later confirmation
-- first (the entry that earned its way to a key passes the one that confirmed there). Entries with no place
-- all share the last value and follow in id order. Numbers stay inside 2^32, and keys far inside 2^31: a key
-- is its number less at most REFERRAL_PLACES × REFERRAL_MAX places, at most 10^7 (lib/env.ts bounds both).
ALTER TABLE "waitlist" ADD COLUMN "lineOrder" BIGINT GENERATED ALWAYS AS (
  CASE WHEN "status" = 'waiting' AND "confirmSeq" IS NOT NULL AND "lineKey" IS NOT NULL
       THEN "lineKey" * 4294967296 + (4294967296 - "confirmSeq")
       ELSE 9223372036854775807 END
) STORED;

-- Sorting by place, and counting the entries ahead within a bucket. A signup's value is the last one, so
-- every signup writes to the index's last page, and "waitlist_line_idx" is no longer needed.
CREATE INDEX "waitlist_lineOrder_id_idx" ON "waitlist"("lineOrder", "id");
DROP INDEX "waitlist_line_idx";

-- How many entries of the line have each lineOrder >> 42 (1,024 consecutive keys), in four slots so that
-- confirmations at the back of the line rarely queue on one row's lock. Kept by triggers on waitlist.
CREATE TABLE "waitlist_line_buckets" (
    "bucket" BIGINT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "waitlist_line_buckets_pkey" PRIMARY KEY ("bucket", "slot")
);
INSERT INTO "waitlist_line_buckets" ("bucket", "slot", "count")
SELECT "lineOrder" >> 42, 0, count(*)::int FROM "waitlist" WHERE "lineOrder" < 9223372036854775807 GROUP BY 1;

-- Their bodies are in prisma/sql/functions/waitlist_line.sql.
CREATE FUNCTION "waitlist_line_buckets_on_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
CREATE FUNCTION "waitlist_line_buckets_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
CREATE FUNCTION "waitlist_line_buckets_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;

-- Signups and erasures are single rows and almost never in the line: row triggers whose WHEN keeps them
-- free for everyone else. An update may move thousands (a batch of invitations, a change of the rule): one
-- statement trigger sums the moves by bucket.
CREATE TRIGGER "waitlist_line_buckets_insert" AFTER INSERT ON "waitlist"
  FOR EACH ROW WHEN (NEW."lineOrder" < 9223372036854775807) EXECUTE FUNCTION "waitlist_line_buckets_on_row"();
CREATE TRIGGER "waitlist_line_buckets_delete" AFTER DELETE ON "waitlist"
  FOR EACH ROW WHEN (OLD."lineOrder" < 9223372036854775807) EXECUTE FUNCTION "waitlist_line_buckets_on_row"();
CREATE TRIGGER "waitlist_line_buckets_update" AFTER UPDATE ON "waitlist"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_line_buckets_on_update"();
CREATE TRIGGER "waitlist_line_buckets_truncate" AFTER TRUNCATE ON "waitlist"
  FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_line_buckets_on_truncate"();

-- A place is now read from an entry's lineOrder ("waitlist_place"(bigint), in prisma/sql/functions/waitlist_line.sql).
-- The two-argument form stays, worked out the same way, for the deployment still serving while this one is
-- built; the migration runner applies this and the function files in one transaction.
