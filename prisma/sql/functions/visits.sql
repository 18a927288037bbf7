-- Counts one visit (see the visits migration): the visitor's salted hash is noted for the day and source,
-- and only a hash not seen yet adds one to the day's visitors for that source, in a random one of four
-- slots, unless its network (p_network, a salted hash too) has already had p_network_cap visitors counted
-- today: a script changing its user agent on every page view is still a few visitors. Returns whether it
-- counted. One call per page view, so it is a function: its plans are kept per connection rather than made
-- again for every beacon.
DROP FUNCTION IF EXISTS "visit_count"(date, text, bytea);
CREATE OR REPLACE FUNCTION "visit_count"(p_day date, p_source text, p_hash bytea, p_network bytea, p_network_cap integer)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "visit_seen" ("day", "source", "hash") VALUES (p_day, p_source, p_hash) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO "visit_networks" AS n ("day", "hash", "visitors") VALUES (p_day, p_network, 1)
  ON CONFLICT ("day", "hash") DO UPDATE SET "visitors" = n."visitors" + 1 WHERE n."visitors" < p_network_cap;
  IF NOT FOUND THEN
    -- Not counted, so not seen either: a signup cannot claim a visit nobody counted.
    DELETE FROM "visit_seen" WHERE "day" = p_day AND "source" = p_source AND "hash" = p_hash;
    RETURN false;
  END IF;
  INSERT INTO "visit_daily" AS d ("day", "source", "slot", "visitors")
  VALUES (p_day, p_source, floor(random() * 4)::smallint, 1)
  ON CONFLICT ("day", "source", "slot") DO UPDATE SET "visitors" = d."visitors" + 1;
  RETURN true;
END;
$$;
