-- "lineOrder" of an entry with no place in line (unconfirmed, invited or accepted): the largest bigint, so
-- it sorts after everyone in line. Named once here; lib/data/waitlist/sql.ts holds the same number as NO_PLACE
-- and a test checks the two agree. (The generated column and the bucket triggers' WHEN clauses, written by the
-- line_order migration, keep the literal: a migration is never edited.)
CREATE OR REPLACE FUNCTION "waitlist_no_place"() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT 9223372036854775807::bigint
$$;

-- The place in line and referral credit (made by the referrals and line_order migrations). An entry's key is
-- its confirmation number less `places` for each credited referral, counting at most `maxCredits`; its place
-- is one more than the waiting, confirmed entries whose (key, number) comes first, which the generated
-- column "lineOrder" puts in one number (lib/data/waitlist/line.ts).

CREATE OR REPLACE FUNCTION "waitlist_new_referral_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet CONSTANT text := '23456789abcdefghjkmnpqrstuvwxyz';
  bytes bytea;
  code text;
BEGIN
  LOOP
    bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    code := '';
    FOR i IN 0..7 LOOP
      -- Bytes 6 and 8 of a random UUID carry its version and variant bits: skip them.
      code := code || substr(alphabet, 1 + (get_byte(bytes, (ARRAY[0, 1, 2, 3, 4, 5, 9, 10])[i + 1]) % 31), 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM "waitlist" WHERE "referralCode" = code);
  END LOOP;
  RETURN code;
END $$;

-- An address as one mailbox, for the referral rule's "your own address written differently": lower-case,
-- without a +tag (every provider that has tags delivers ann+x@ to ann@, and someone crediting themselves need
-- only pick one that does), and for Gmail, which alone also ignores dots, the bare local part at gmail.com:
-- a.nn+x@googlemail.com and ann@gmail.com are one person, while a.nn@outlook.com and ann@outlook.com are two.
-- The one rule for the same mailbox: the suppression list's normalisedEmail (lib/data/waitlist/suppression.ts)
-- is the same, and a test holds the two together.
CREATE OR REPLACE FUNCTION "waitlist_normalised_email"(p_email text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN split_part(lower(p_email), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(p_email), '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE split_part(split_part(lower(p_email), '@', 1), '+', 1) || '@' || split_part(lower(p_email), '@', 2)
  END
$$;

-- Whether a domain (lower-case) is a free mailbox provider's, where anyone may open any number of
-- addresses and strangers share the domain: the same list as lib/validation/freemail.ts (a test holds the
-- two together). Every other domain is someone's own, where one person can make addresses without end, so
-- its friends are credited to one referrer at most once a UTC day. A brand counts only under a country or
-- .com suffix (yahoo.co.uk), never as a label of somebody's own domain (yahoo.example.com).
CREATE OR REPLACE FUNCTION "waitlist_is_freemail"(p_domain text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_domain = ANY (ARRAY[
      'gmail.com', 'googlemail.com', 'outlook.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com',
      'proton.me', 'protonmail.com', 'pm.me', 'aol.com', 'gmx.com', 'gmx.net', 'gmx.de', 'web.de', 'mail.com',
      'yandex.com', 'yandex.ru', 'zoho.com', 'fastmail.com', 'tutanota.com', 'tuta.io', 'hey.com'
    ]::text[])
    OR p_domain ~ '^(hotmail|yahoo|live|outlook|ymail)\.(com|[a-z]{2}|(co|com)\.[a-z]{2})$'
$$;

-- The key of an entry with this number and these credits under the current rule.
CREATE OR REPLACE FUNCTION "waitlist_line_key"(p_seq bigint, p_credits integer, p_places integer, p_max integer)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT p_seq - p_places::bigint * LEAST(p_credits, p_max)
$$;

-- What one credited referral does, the same however it was credited (the friend confirming, or an admin's
-- "Credit anyway"): the referrer's credit count goes up, and with it their key, capped at `maxCredits`, and
-- the webhook event follows. Only the referrer's own row changes.
CREATE OR REPLACE FUNCTION "waitlist_credit_referral"(p_referrer_id integer, p_referred_id integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s "waitlist_line_settings";
BEGIN
  SELECT * INTO s FROM "waitlist_line_settings" WHERE "id" = 1 FOR SHARE;
  UPDATE "waitlist" SET "referralCredits" = "referralCredits" + 1,
         "lineKey" = CASE WHEN "confirmSeq" IS NULL THEN NULL
                          ELSE "waitlist_line_key"("confirmSeq", "referralCredits" + 1, s."places", s."maxCredits") END
  WHERE "id" = p_referrer_id;
  IF EXISTS (SELECT 1 FROM "webhooks") THEN
    PERFORM "webhook_queue"(jsonb_build_array(jsonb_build_object('event', 'waitlist.referred', 'entryId', p_referred_id,
      'data', jsonb_build_object('referrerId', p_referrer_id, 'referredId', p_referred_id))));
  END IF;
END $$;

-- When an entry confirms: its number and key, and what its referral (if any) earns the referrer. Credit is
-- withheld, with the reason kept on the entry, for the referrer's own address written differently, a
-- signup from the referrer's network within 30 days of theirs, past the referrer's daily cap, and for a
-- second friend in a UTC day from one domain that is not a free mailbox provider's (whoever owns a domain
-- can make addresses at it without end). Only the referrer's own row changes, so a confirmation never
-- rewrites anyone else's place.
CREATE OR REPLACE FUNCTION "waitlist_line_on_confirm"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s "waitlist_line_settings";
  r record;
  v_reason text;
  v_day_start timestamptz;
  v_domain text;
BEGIN
  -- Shared with other confirmations, exclusive with a change of the rule: no key is made under a rule
  -- that is being replaced.
  SELECT * INTO s FROM "waitlist_line_settings" WHERE "id" = 1 FOR SHARE;
  NEW."confirmSeq" := COALESCE(NEW."confirmSeq", nextval('waitlist_confirm_seq'));
  NEW."lineKey" := "waitlist_line_key"(NEW."confirmSeq", NEW."referralCredits", s."places", s."maxCredits");
  IF NEW."referredById" IS NULL OR NEW."referralCredit" IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT "id", "email", "signupNetwork", "joinedAt", "confirmSeq", "referralCredits" INTO r
  FROM "waitlist" WHERE "id" = NEW."referredById" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  v_day_start := date_trunc('day', NEW."confirmedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_domain := split_part("waitlist_normalised_email"(NEW."email"), '@', 2);
  IF "waitlist_normalised_email"(r."email") = "waitlist_normalised_email"(NEW."email") THEN
    v_reason := 'self';
  ELSIF r."confirmSeq" IS NULL THEN
    -- Someone who never confirmed was promised no more email, and has no place to move up.
    v_reason := 'referrer-unconfirmed';
  ELSIF NEW."signupNetwork" IS NOT NULL AND NEW."signupNetwork" = r."signupNetwork"
        AND abs(extract(epoch FROM NEW."joinedAt" - r."joinedAt")) <= 30 * 86400 THEN
    v_reason := 'same-network';
  ELSIF (SELECT count(*) FROM "waitlist" WHERE "referredById" = r."id" AND "referralCredit" = 'credited'
         AND "referralCheckedAt" >= v_day_start) >= s."dailyCap" THEN
    v_reason := 'daily-cap';
  ELSIF NOT "waitlist_is_freemail"(v_domain) AND EXISTS (
          SELECT 1 FROM "waitlist" WHERE "referredById" = r."id" AND "referralCredit" = 'credited'
          AND "referralCheckedAt" >= v_day_start AND split_part("waitlist_normalised_email"("email"), '@', 2) = v_domain) THEN
    v_reason := 'domain-cap';
  ELSE
    v_reason := 'credited';
  END IF;
  NEW."referralCredit" := v_reason;
  NEW."referralCheckedAt" := NEW."confirmedAt";
  IF v_reason = 'credited' THEN
    PERFORM "waitlist_credit_referral"(r."id", NEW."id");
  END IF;
  RETURN NEW;
END $$;

-- An admin's "Credit anyway" (lib/data/waitlist/referrals.ts): a referral withheld by one of the rule's
-- exceptions is credited now, as any credit is (waitlist_credit_referral), and counts on this day. Only
-- while the friend is confirmed, still withheld, and their referrer is on the list and confirmed (someone
-- who never confirmed has no place to move and was promised no more email): the friend's row lock makes a
-- second click, however close, find it credited already. Returns the referrer's id, or null when nothing
-- was credited.
CREATE OR REPLACE FUNCTION "waitlist_credit_anyway"(p_referred_id integer, p_now timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_referrer integer;
BEGIN
  UPDATE "waitlist" AS f SET "referralCredit" = 'credited', "referralCheckedAt" = p_now
  WHERE f."id" = p_referred_id AND f."confirmedAt" IS NOT NULL
    AND f."referralCredit" IN ('self', 'same-network', 'daily-cap', 'domain-cap')
    AND EXISTS (SELECT 1 FROM "waitlist" AS r WHERE r."id" = f."referredById" AND r."confirmSeq" IS NOT NULL)
  RETURNING f."referredById" INTO v_referrer;
  IF v_referrer IS NOT NULL THEN
    PERFORM "waitlist_credit_referral"(v_referrer, p_referred_id);
  END IF;
  RETURN v_referrer;
END $$;

-- Sets the rule (from the environment) and, when it changed, works every key out again: one statement over
-- the confirmed entries, run by the deploy's migration step and at each server's start (applyLineSettings).
-- Returns whether anything changed.
CREATE OR REPLACE FUNCTION "waitlist_line_configure"(p_places integer, p_max integer, p_daily_cap integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  s "waitlist_line_settings";
BEGIN
  SELECT * INTO s FROM "waitlist_line_settings" WHERE "id" = 1 FOR UPDATE;
  IF (s."places", s."maxCredits", s."dailyCap") = (p_places, p_max, p_daily_cap) THEN
    RETURN false;
  END IF;
  UPDATE "waitlist_line_settings" SET "places" = p_places, "maxCredits" = p_max, "dailyCap" = p_daily_cap WHERE "id" = 1;
  IF (s."places", s."maxCredits") IS DISTINCT FROM (p_places, p_max) THEN
    UPDATE "waitlist" SET "lineKey" = "waitlist_line_key"("confirmSeq", "referralCredits", p_places, p_max)
    WHERE "confirmSeq" IS NOT NULL AND "lineKey" IS DISTINCT FROM "waitlist_line_key"("confirmSeq", "referralCredits", p_places, p_max);
  END IF;
  RETURN true;
END $$;

-- The line's length in buckets (waitlist_line_buckets, made by the line_order migration): entries of the line
-- are counted under "lineOrder" >> 42, 1,024 consecutive keys, so a place is the sum of the buckets ahead plus a
-- count within its own bucket.

-- Moves line positions between buckets: each of p_from leaves its bucket, each of p_to joins its own
-- (entries with no place count nowhere). One statement, net per bucket and in bucket order, in the slot of
-- this transaction: a transaction always takes its bucket rows in one order and in one slot, so two never
-- wait on each other's rows crosswise, while concurrent ones mostly write to different slots.
CREATE OR REPLACE FUNCTION "waitlist_line_buckets_move"(p_from bigint[], p_to bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "waitlist_line_buckets" AS b ("bucket", "slot", "count")
  SELECT o >> 42, (txid_current() % 4)::smallint, sum(d)::int
  FROM (
    SELECT o, -1 AS d FROM unnest(p_from) AS o
    UNION ALL
    SELECT o, 1 FROM unnest(p_to) AS o
  ) AS moves
  WHERE o < "waitlist_no_place"()
  GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
  ON CONFLICT ("bucket", "slot") DO UPDATE SET "count" = b."count" + EXCLUDED."count"
$$;

-- A confirmed entry inserted (an import), or an entry of the line erased.
CREATE OR REPLACE FUNCTION "waitlist_line_buckets_on_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "waitlist_line_buckets_move"('{}', ARRAY[NEW."lineOrder"]);
  ELSE
    PERFORM "waitlist_line_buckets_move"(ARRAY[OLD."lineOrder"], '{}');
  END IF;
  RETURN NULL;
END $$;

-- Only rows whose position changed move: a confirmation, a credited referral, an invitation, a new rule.
CREATE OR REPLACE FUNCTION "waitlist_line_buckets_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved_from bigint[];
  moved_to bigint[];
BEGIN
  SELECT array_agg(o."lineOrder"), array_agg(n."lineOrder") INTO moved_from, moved_to
  FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
  WHERE o."lineOrder" <> n."lineOrder";
  IF moved_from IS NOT NULL THEN
    PERFORM "waitlist_line_buckets_move"(moved_from, moved_to);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "waitlist_line_buckets_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "waitlist_line_buckets";
  RETURN NULL;
END $$;

-- An entry's place in line from its "lineOrder": one more than the entries of the line whose lineOrder is
-- lower, which are the buckets before its own and, within its bucket, a short range of the index
-- "waitlist_lineOrder_id_idx". Nobody's place is stored. Null for an entry with no place (unconfirmed,
-- invited or accepted: the largest bigint).
CREATE OR REPLACE FUNCTION "waitlist_place"(p_order bigint) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_order < "waitlist_no_place"() THEN (1
    + COALESCE((SELECT sum("count") FROM "waitlist_line_buckets" WHERE "bucket" < p_order >> 42), 0)
    + (SELECT count(*) FROM "waitlist" WHERE "lineOrder" >= (p_order >> 42) << 42 AND "lineOrder" < p_order))::integer END
$$;

-- How many people are in line: confirmed and still waiting.
CREATE OR REPLACE FUNCTION "waitlist_line_length"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum("count"), 0)::integer FROM "waitlist_line_buckets"
$$;
