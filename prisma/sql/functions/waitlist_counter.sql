-- The waiting list size (waitlist_counter), kept exact by statement-level triggers on waitlist (made by the
-- waitlist_counter migration): a bulk insert costs one counter update, not one per row. Concurrent signups
-- add to a random one of sixteen slots, so they rarely queue on one row's lock. An INSERT ... ON CONFLICT
-- DO UPDATE lists only the rows it really inserted in its NEW TABLE.
CREATE OR REPLACE FUNCTION "waitlist_counter_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
BEGIN
  UPDATE "waitlist_counter" SET "count" = "count" + (SELECT count(*) FROM inserted_rows) WHERE "slot" = target;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_counter_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 16);
BEGIN
  UPDATE "waitlist_counter" SET "count" = "count" - (SELECT count(*) FROM deleted_rows) WHERE "slot" = target;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_counter_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "waitlist_counter" SET "count" = 0;
  RETURN NULL;
END $$;
