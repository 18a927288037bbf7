-- The admin overview's sums (waitlist_daily, waitlist_daily_events), kept exact by statement-level triggers
-- on waitlist (made by the waitlist_daily migration). Concurrent signups of the same day, type, size and
-- source add to a random one of four slots, so they rarely queue on one row's lock.

-- Adds (p_sign 1) or takes away (-1) what these rows count for.
CREATE OR REPLACE FUNCTION "waitlist_daily_add"(p_sign integer, p_rows "waitlist"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 4);
BEGIN
  IF p_rows IS NULL THEN
    RETURN;
  END IF;
  -- A held signup counts only as held until it is released.
  INSERT INTO "waitlist_daily" AS d ("day", "businessType", "employees", "source", "slot", "signups", "confirmed", "invited", "accepted", "referred", "held", "visited")
  SELECT (r."joinedAt" AT TIME ZONE 'UTC')::date, r."businessType", r."employees", r."source", target,
         p_sign * count(*) FILTER (WHERE r."heldAt" IS NULL), p_sign * count(r."confirmedAt") FILTER (WHERE r."heldAt" IS NULL),
         p_sign * count(*) FILTER (WHERE r."status" IN ('invited', 'accepted') AND r."heldAt" IS NULL),
         p_sign * count(*) FILTER (WHERE r."status" = 'accepted' AND r."heldAt" IS NULL),
         p_sign * count(r."referredById") FILTER (WHERE r."heldAt" IS NULL), p_sign * count(r."heldAt"),
         p_sign * count(*) FILTER (WHERE r."visitCounted" AND r."heldAt" IS NULL)
  FROM unnest(p_rows) AS r
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("day", "businessType", "employees", "source", "slot") DO UPDATE
  SET "signups" = d."signups" + EXCLUDED."signups", "confirmed" = d."confirmed" + EXCLUDED."confirmed",
      "invited" = d."invited" + EXCLUDED."invited", "accepted" = d."accepted" + EXCLUDED."accepted",
      "referred" = d."referred" + EXCLUDED."referred", "held" = d."held" + EXCLUDED."held",
      "visited" = d."visited" + EXCLUDED."visited";

  -- Each event on its own day: an invitation, an acceptance, a confirmation, a referral credited.
  INSERT INTO "waitlist_daily_events" AS e ("day", "slot", "invited", "accepted", "confirmed", "credited")
  SELECT "day", target, sum("invited"), sum("accepted"), sum("confirmed"), sum("credited")
  FROM (
    SELECT (r."invitedAt" AT TIME ZONE 'UTC')::date AS "day", p_sign AS "invited", 0 AS "accepted", 0 AS "confirmed", 0 AS "credited"
    FROM unnest(p_rows) AS r WHERE r."invitedAt" IS NOT NULL
    UNION ALL
    SELECT (r."acceptedAt" AT TIME ZONE 'UTC')::date, 0, p_sign, 0, 0 FROM unnest(p_rows) AS r WHERE r."acceptedAt" IS NOT NULL
    UNION ALL
    SELECT (r."confirmedAt" AT TIME ZONE 'UTC')::date, 0, 0, p_sign, 0 FROM unnest(p_rows) AS r WHERE r."confirmedAt" IS NOT NULL
    UNION ALL
    SELECT (r."referralCheckedAt" AT TIME ZONE 'UTC')::date, 0, 0, 0, p_sign FROM unnest(p_rows) AS r WHERE r."referralCredit" = 'credited'
  ) AS events
  GROUP BY "day"
  ON CONFLICT ("day", "slot") DO UPDATE
  SET "invited" = e."invited" + EXCLUDED."invited", "accepted" = e."accepted" + EXCLUDED."accepted",
      "confirmed" = e."confirmed" + EXCLUDED."confirmed", "credited" = e."credited" + EXCLUDED."credited";
END $$;

CREATE OR REPLACE FUNCTION "waitlist_daily_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_daily_add"(1, (SELECT array_agg(n::"waitlist") FROM inserted_rows AS n));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_daily_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_daily_add"(-1, (SELECT array_agg(o::"waitlist") FROM deleted_rows AS o));
  RETURN NULL;
END $$;

-- Only rows whose counted fields changed move between the sums (a held signup released among them, or a
-- signup whose counted visit it claimed just after it was added): a repeat signup (which only notes when
-- its confirmation was sent) writes nothing here, nor does a referrer's own credit count going up. An
-- erased referrer's friends lose their referredById (the foreign key sets it null), which moves them out
-- of "referred".
CREATE OR REPLACE FUNCTION "waitlist_daily_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_daily_add"(-1, (
    SELECT array_agg(o::"waitlist") FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
    WHERE (o."joinedAt", o."businessType", o."employees", o."source", o."confirmedAt", o."status", o."invitedAt", o."acceptedAt",
           o."referredById", o."referralCredit", o."referralCheckedAt", o."heldAt", o."visitCounted")
          IS DISTINCT FROM (n."joinedAt", n."businessType", n."employees", n."source", n."confirmedAt", n."status", n."invitedAt", n."acceptedAt",
           n."referredById", n."referralCredit", n."referralCheckedAt", n."heldAt", n."visitCounted")));
  PERFORM "waitlist_daily_add"(1, (
    SELECT array_agg(n::"waitlist") FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
    WHERE (o."joinedAt", o."businessType", o."employees", o."source", o."confirmedAt", o."status", o."invitedAt", o."acceptedAt",
           o."referredById", o."referralCredit", o."referralCheckedAt", o."heldAt", o."visitCounted")
          IS DISTINCT FROM (n."joinedAt", n."businessType", n."employees", n."source", n."confirmedAt", n."status", n."invitedAt", n."acceptedAt",
           n."referredById", n."referralCredit", n."referralCheckedAt", n."heldAt", n."visitCounted")));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_daily_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "waitlist_daily", "waitlist_daily_events";
  RETURN NULL;
END $$;
