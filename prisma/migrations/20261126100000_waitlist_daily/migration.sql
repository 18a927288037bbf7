-- The admin overview's figures, kept exact by triggers so no figure reads the waitlist itself.
-- waitlist_daily: the entries that signed up on each UTC day, by business type, team size and source (the
-- utm_source, else the referring host, else 'direct'), with how many of them are confirmed, invited (or
-- already accepted) and accepted now. waitlist_daily_events: the entries invited, and accepted, on each
-- UTC day. Each is a sum over four slots: concurrent signups of the same day, type, size and source add
-- to a random slot, so they rarely queue on one row's lock.

CREATE TABLE "waitlist_daily" (
    "day" DATE NOT NULL,
    "businessType" TEXT NOT NULL,
    "employees" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "signups" INTEGER NOT NULL DEFAULT 0,
    "confirmed" INTEGER NOT NULL DEFAULT 0,
    "invited" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "waitlist_daily_pkey" PRIMARY KEY ("day", "businessType", "employees", "source", "slot")
);

CREATE TABLE "waitlist_daily_events" (
    "day" DATE NOT NULL,
    "slot" SMALLINT NOT NULL,
    "invited" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "waitlist_daily_events_pkey" PRIMARY KEY ("day", "slot")
);

-- Adds (p_sign 1) or takes away (-1) what these rows count for.
CREATE FUNCTION "waitlist_daily_add"(p_sign integer, p_rows "waitlist"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target SMALLINT := floor(random() * 4);
BEGIN
  IF p_rows IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "waitlist_daily" AS d ("day", "businessType", "employees", "source", "slot", "signups", "confirmed", "invited", "accepted")
  SELECT (r."joinedAt" AT TIME ZONE 'UTC')::date, r."businessType", r."employees", COALESCE(r."utmSource", r."referrer", 'direct'), target,
         p_sign * count(*), p_sign * count(r."confirmedAt"),
         p_sign * count(*) FILTER (WHERE r."status" IN ('invited', 'accepted')), p_sign * count(*) FILTER (WHERE r."status" = 'accepted')
  FROM unnest(p_rows) AS r
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("day", "businessType", "employees", "source", "slot") DO UPDATE
  SET "signups" = d."signups" + EXCLUDED."signups", "confirmed" = d."confirmed" + EXCLUDED."confirmed",
      "invited" = d."invited" + EXCLUDED."invited", "accepted" = d."accepted" + EXCLUDED."accepted";

  INSERT INTO "waitlist_daily_events" AS e ("day", "slot", "invited", "accepted")
  SELECT "day", target, sum("invited"), sum("accepted")
  FROM (
    SELECT (r."invitedAt" AT TIME ZONE 'UTC')::date AS "day", p_sign AS "invited", 0 AS "accepted" FROM unnest(p_rows) AS r WHERE r."invitedAt" IS NOT NULL
    UNION ALL
    SELECT (r."acceptedAt" AT TIME ZONE 'UTC')::date, 0, p_sign FROM unnest(p_rows) AS r WHERE r."acceptedAt" IS NOT NULL
  ) AS events
  GROUP BY "day"
  ON CONFLICT ("day", "slot") DO UPDATE
  SET "invited" = e."invited" + EXCLUDED."invited", "accepted" = e."accepted" + EXCLUDED."accepted";
END $$;

CREATE FUNCTION "waitlist_daily_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_daily_add"(1, (SELECT array_agg(n::"waitlist") FROM inserted_rows AS n));
  RETURN NULL;
END $$;

CREATE FUNCTION "waitlist_daily_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_daily_add"(-1, (SELECT array_agg(o::"waitlist") FROM deleted_rows AS o));
  RETURN NULL;
END $$;

-- Only rows whose counted fields changed move between the sums: a repeat signup (which only notes when
-- its confirmation was sent) writes nothing here.
CREATE FUNCTION "waitlist_daily_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "waitlist_daily_add"(-1, (
    SELECT array_agg(o::"waitlist") FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
    WHERE (o."joinedAt", o."businessType", o."employees", o."utmSource", o."referrer", o."confirmedAt", o."status", o."invitedAt", o."acceptedAt")
          IS DISTINCT FROM (n."joinedAt", n."businessType", n."employees", n."utmSource", n."referrer", n."confirmedAt", n."status", n."invitedAt", n."acceptedAt")));
  PERFORM "waitlist_daily_add"(1, (
    SELECT array_agg(n::"waitlist") FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
    WHERE (o."joinedAt", o."businessType", o."employees", o."utmSource", o."referrer", o."confirmedAt", o."status", o."invitedAt", o."acceptedAt")
          IS DISTINCT FROM (n."joinedAt", n."businessType", n."employees", n."utmSource", n."referrer", n."confirmedAt", n."status", n."invitedAt", n."acceptedAt")));
  RETURN NULL;
END $$;

CREATE FUNCTION "waitlist_daily_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "waitlist_daily", "waitlist_daily_events";
  RETURN NULL;
END $$;

CREATE TRIGGER "waitlist_daily_insert" AFTER INSERT ON "waitlist"
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_daily_on_insert"();

CREATE TRIGGER "waitlist_daily_delete" AFTER DELETE ON "waitlist"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_daily_on_delete"();

CREATE TRIGGER "waitlist_daily_update" AFTER UPDATE ON "waitlist"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_daily_on_update"();

CREATE TRIGGER "waitlist_daily_truncate" AFTER TRUNCATE ON "waitlist"
  FOR EACH STATEMENT EXECUTE FUNCTION "waitlist_daily_on_truncate"();

-- What the entries already here count for.
INSERT INTO "waitlist_daily" ("day", "businessType", "employees", "source", "slot", "signups", "confirmed", "invited", "accepted")
SELECT ("joinedAt" AT TIME ZONE 'UTC')::date, "businessType", "employees", COALESCE("utmSource", "referrer", 'direct'), 0,
       count(*), count("confirmedAt"), count(*) FILTER (WHERE "status" IN ('invited', 'accepted')), count(*) FILTER (WHERE "status" = 'accepted')
FROM "waitlist" GROUP BY 1, 2, 3, 4;

INSERT INTO "waitlist_daily_events" ("day", "slot", "invited", "accepted")
SELECT "day", 0, sum("invited"), sum("accepted")
FROM (
  SELECT ("invitedAt" AT TIME ZONE 'UTC')::date AS "day", 1 AS "invited", 0 AS "accepted" FROM "waitlist" WHERE "invitedAt" IS NOT NULL
  UNION ALL
  SELECT ("acceptedAt" AT TIME ZONE 'UTC')::date, 0, 1 FROM "waitlist" WHERE "acceptedAt" IS NOT NULL
) AS events
GROUP BY "day";
