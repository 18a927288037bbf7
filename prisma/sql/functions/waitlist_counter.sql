-- The waiting list size (waitlist_counter), kept exact by statement-level triggers on waitlist (made by the
-- waitlist_counter and held_entries migrations): a bulk insert costs one counter update, not one per row.
-- Concurrent signups add to a random one of sixteen slots, so they rarely queue on one row's lock. An
-- INSERT ... ON CONFLICT DO UPDATE lists only the rows it really inserted in its NEW TABLE. "count" is the
-- entries that count (the public figure), "held" those held for review, which count nowhere until released.
CREATE OR REPLACE FUNCTION "waitlist_counter_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
BEGIN
  UPDATE "waitlist_counter" AS c SET "count" = c."count" + n."counted", "held" = c."held" + n."held"
  FROM (SELECT count(*) FILTER (WHERE "heldAt" IS NULL) AS "counted", count("heldAt") AS "held" FROM inserted_rows) AS n
  WHERE c."slot" = target;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_counter_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
BEGIN
  UPDATE "waitlist_counter" AS c SET "count" = c."count" - o."counted", "held" = c."held" - o."held"
  FROM (SELECT count(*) FILTER (WHERE "heldAt" IS NULL) AS "counted", count("heldAt") AS "held" FROM deleted_rows) AS o
  WHERE c."slot" = target;
  RETURN NULL;
END $$;

-- A held entry released (or, never in practice, one held again) moves between the two figures.
CREATE OR REPLACE FUNCTION "waitlist_counter_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
  moved BIGINT;
BEGIN
  SELECT count(*) FILTER (WHERE o."heldAt" IS NOT NULL AND n."heldAt" IS NULL)
       - count(*) FILTER (WHERE o."heldAt" IS NULL AND n."heldAt" IS NOT NULL)
  INTO moved
  FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id";
  IF moved <> 0 THEN
    UPDATE "waitlist_counter" SET "count" = "count" + moved, "held" = "held" - moved WHERE "slot" = target;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_counter_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "waitlist_counter" SET "count" = 0, "held" = 0;
  RETURN NULL;
END $$;
