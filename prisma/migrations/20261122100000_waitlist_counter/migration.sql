-- The waiting list size, kept exact by triggers so GET /api/waitlist/count never scans the table.
-- Sixteen slots: concurrent signups add to a random slot, so they rarely queue on one row's lock;
-- the count is the sum of the slots.

-- CreateTable
CREATE TABLE "waitlist_counter" (
    "slot" SMALLINT NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "waitlist_counter_pkey" PRIMARY KEY ("slot")
);

-- Seed the slots, counting any rows that already exist.
INSERT INTO "waitlist_counter" ("slot", "count") SELECT "s", 0 FROM generate_series(0, 15) AS "s";
UPDATE "waitlist_counter" SET "count" = (SELECT count(*) FROM "waitlist") WHERE "slot" = 0;

-- Statement-level triggers with transition tables: a bulk insert costs one counter update, not one per row.
-- An INSERT ... ON CONFLICT DO UPDATE lists only the rows it really inserted in its NEW TABLE.
CREATE FUNCTION "waitlist_counter_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
BEGIN
  UPDATE "waitlist_counter" SET "count" = "count" + (SELECT count(*) FROM inserted_rows) WHERE "slot" = target;
  RETURN NULL;
END $$;

CREATE FUNCTION "waitlist_counter_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
BEGIN
  UPDATE "waitlist_counter" SET "count" = "count" - (SELECT count(*) FROM deleted_rows) WHERE "slot" = target;
  RETURN NULL;
END $$;

CREATE FUNCTION "waitlist_counter_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "waitlist_counter" SET "count" = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "waitlist_counter_insert" AFTER INSERT ON "waitlist"
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_counter_on_insert"();

CREATE TRIGGER "waitlist_counter_delete" AFTER DELETE ON "waitlist"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_counter_on_delete"();

CREATE TRIGGER "waitlist_counter_truncate" AFTER TRUNCATE ON "waitlist"
  FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_counter_on_truncate"();
