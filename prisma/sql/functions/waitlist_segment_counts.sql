-- A segment's count by the list's fixed-choice filters (waitlist_segment_counts), kept exact by statement-level
-- triggers on waitlist (made by the segment_counts migration): a bulk insert, an import, a bulk invitation or an
-- erasure costs one grouped upsert, not one per row. Concurrent signups of the same combination add to a random
-- one of four slots, so they rarely queue on one row's lock; each statement upserts its combinations in key
-- order, so two bulk statements never lock the same rows in opposite orders.

-- Takes the rows in p_removed out of their combinations and puts those in p_added into theirs: one upsert of
-- the net change. The one definition of what an entry's combination is (the filters' conditions on the list,
-- seen from the sums; the filter descriptors' `counted` conditions read these columns).
CREATE OR REPLACE FUNCTION "waitlist_segment_counts_move"(p_removed "waitlist"[], p_added "waitlist"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 4);
BEGIN
  INSERT INTO "waitlist_segment_counts" AS c ("status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held", "slot", "entries")
  SELECT (m.r)."status", (m.r)."confirmedAt" IS NOT NULL, (m.r)."businessType", (m.r)."employees", (m.r)."source",
         (m.r)."referralCredits" > 0, (m.r)."heldAt" IS NOT NULL, target, sum(m."sign")::int
  FROM (
    SELECT r, -1 AS "sign" FROM unnest(p_removed) AS r
    UNION ALL
    SELECT r, 1 FROM unnest(p_added) AS r
  ) AS m
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(m."sign") <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held", "slot") DO UPDATE
  SET "entries" = c."entries" + EXCLUDED."entries";
END $$;

-- A signup's own path: one upsert straight from the statement's new rows (no array built and unpacked first, as
-- the other kinds of write go through), the combination spelled as in waitlist_segment_counts_move.
CREATE OR REPLACE FUNCTION "waitlist_segment_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 4);
BEGIN
  INSERT INTO "waitlist_segment_counts" AS c ("status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held", "slot", "entries")
  SELECT r."status", r."confirmedAt" IS NOT NULL, r."businessType", r."employees", r."source", r."referralCredits" > 0,
         r."heldAt" IS NOT NULL, target, count(*)::int
  FROM inserted_rows AS r
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("status", "confirmed", "businessType", "employees", "source", "hasReferrals", "held", "slot") DO UPDATE
  SET "entries" = c."entries" + EXCLUDED."entries";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_segment_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_segment_counts_move"((SELECT array_agg(o::"waitlist") FROM deleted_rows AS o), NULL);
  RETURN NULL;
END $$;

-- Only rows whose combination changed move: a repeat signup (which only notes when its confirmation was sent),
-- a place in line or a note of a reminder writes nothing here. A confirmation, an invitation, a release, an edit
-- of type or size and a referrer's first credit are the moves.
CREATE OR REPLACE FUNCTION "waitlist_segment_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed "waitlist"[];
  added "waitlist"[];
BEGIN
  SELECT array_agg(o::"waitlist"), array_agg(n::"waitlist") INTO removed, added
  FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
  WHERE (o."status", o."confirmedAt" IS NULL, o."businessType", o."employees", o."source", o."referralCredits" > 0, o."heldAt" IS NULL)
        IS DISTINCT FROM
        (n."status", n."confirmedAt" IS NULL, n."businessType", n."employees", n."source", n."referralCredits" > 0, n."heldAt" IS NULL);
  IF removed IS NOT NULL THEN
    PERFORM "waitlist_segment_counts_move"(removed, added);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_segment_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "waitlist_segment_counts";
  RETURN NULL;
END $$;
