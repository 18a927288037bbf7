-- The place in line and referral credit (made by the referrals migration). An entry's key is its
-- confirmation number less `places` for each credited referral, counting at most `maxCredits`; its place is
-- one more than the waiting, confirmed entries whose (key, number) comes first (lib/data/waitlist/line.ts).

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

-- An address as one mailbox: lower-case, and for Gmail (which ignores dots and anything after a +) the
-- bare local part at gmail.com, so a.nn+x@googlemail.com and ann@gmail.com are one person.
CREATE OR REPLACE FUNCTION "waitlist_normalised_email"(p_email text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN split_part(lower(p_email), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(p_email), '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE lower(p_email)
  END
$$;

-- The key of an entry with this number and these credits under the current rule.
CREATE OR REPLACE FUNCTION "waitlist_line_key"(p_seq bigint, p_credits integer, p_places integer, p_max integer)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT p_seq - p_places::bigint * LEAST(p_credits, p_max)
$$;

-- When an entry confirms: its number and key, and what its referral (if any) earns the referrer. Credit is
-- withheld, with the reason kept on the entry, for the referrer's own address written differently, a
-- signup from the referrer's network within 30 days of theirs, and past the referrer's daily cap. Only the
-- referrer's own row changes, so a confirmation never rewrites anyone else's place.
CREATE OR REPLACE FUNCTION "waitlist_line_on_confirm"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s "waitlist_line_settings";
  r record;
  v_reason text;
  v_day_start timestamptz;
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
  ELSE
    v_reason := 'credited';
  END IF;
  NEW."referralCredit" := v_reason;
  NEW."referralCheckedAt" := NEW."confirmedAt";
  IF v_reason = 'credited' THEN
    UPDATE "waitlist" SET "referralCredits" = "referralCredits" + 1,
           "lineKey" = CASE WHEN "confirmSeq" IS NULL THEN NULL
                            ELSE "waitlist_line_key"("confirmSeq", "referralCredits" + 1, s."places", s."maxCredits") END
    WHERE "id" = r."id";
    IF EXISTS (SELECT 1 FROM "webhooks") THEN
      PERFORM "webhook_queue"(jsonb_build_array(jsonb_build_object('event', 'waitlist.referred', 'entryId', NEW."id",
        'data', jsonb_build_object('referrerId', r."id", 'referredId', NEW."id"))));
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- Sets the rule (from the server's environment) and, when it changed, works every key out again: one
-- statement over the confirmed entries, run once when a server with new settings first needs the line.
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

-- An entry's place in line: one more than the confirmed entries still waiting ahead of it, which are those
-- with a lower key, and those with the same key and a later number (an entry that earned its way to a key
-- passes the one that confirmed there, so a referral is worth the places the status page says). Both are
-- ranges of the partial index "waitlist_line_idx": nobody's place is stored.
CREATE OR REPLACE FUNCTION "waitlist_place"(p_key bigint, p_seq bigint) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (1
    + (SELECT count(*) FROM "waitlist" WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL AND "lineKey" < p_key)
    + (SELECT count(*) FROM "waitlist"
       WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL AND "lineKey" = p_key AND "confirmSeq" > p_seq))::integer
$$;
