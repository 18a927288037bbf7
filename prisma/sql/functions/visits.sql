-- Counts one visit (see the visits migration): the visitor's salted hash is noted for the day and source,
-- and only a hash not seen yet adds one to the day's visitors for that source, in a random one of four
-- slots. Returns whether it counted. One call per page view, so it is a function: its plans are kept per
-- connection rather than made again for every beacon.
CREATE OR REPLACE FUNCTION "visit_count"(p_day date, p_source text, p_hash bytea) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "visit_seen" ("day", "source", "hash") VALUES (p_day, p_source, p_hash) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO "visit_daily" AS d ("day", "source", "slot", "visitors")
  VALUES (p_day, p_source, floor(random() * 4)::smallint, 1)
  ON CONFLICT ("day", "source", "slot") DO UPDATE SET "visitors" = d."visitors" + 1;
  RETURN true;
END;
$$;
