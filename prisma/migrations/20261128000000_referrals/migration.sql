-- A place in line and referral links (see prisma/sql/functions/waitlist_line.sql for the rules).
-- Places are never stored: an entry keeps its confirmation number ("confirmSeq", from a sequence, set when
-- it confirms) and its sort key ("lineKey": confirmSeq less a few places per credited referral). Its place
-- is one more than the entries still waiting whose key comes first, counted through a partial index, so a
-- signup or a batch of invitations rewrites no one else's row.

CREATE SEQUENCE "waitlist_confirm_seq";

-- The line's rule as the server last set it from its environment (lib/data/waitlist/line.ts): when it
-- changes, every key is worked out again once.
CREATE TABLE "waitlist_line_settings" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "places" INTEGER NOT NULL DEFAULT 10,
    "maxCredits" INTEGER NOT NULL DEFAULT 10,
    "dailyCap" INTEGER NOT NULL DEFAULT 20,

    CONSTRAINT "waitlist_line_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waitlist_line_settings_one_row" CHECK ("id" = 1)
);
INSERT INTO "waitlist_line_settings" ("id") VALUES (1);

-- A short code for an entry's personal link: 8 characters from an alphabet without look-alikes (no 0, 1,
-- i, l, o), random rather than derived from the id. Its body is kept in prisma/sql/functions too.
CREATE FUNCTION "waitlist_new_referral_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
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

ALTER TABLE "waitlist"
    ADD COLUMN "referralCode" TEXT,
    -- Who referred this entry; an erased referrer leaves the referral pointing nowhere.
    ADD COLUMN "referredById" INTEGER,
    -- What came of the referral when this entry confirmed: credited, or withheld as self, same-network or
    -- daily-cap. Null while unconfirmed, and for entries nobody referred.
    ADD COLUMN "referralCredit" TEXT,
    ADD COLUMN "referralCheckedAt" TIMESTAMPTZ(3),
    -- The referrals credited to this entry (as the referrer). A credit stays when the friend later leaves.
    ADD COLUMN "referralCredits" INTEGER NOT NULL DEFAULT 0,
    -- The signup's client network (/24 of IPv4, /64 of IPv6), to withhold credit between neighbours.
    ADD COLUMN "signupNetwork" TEXT,
    ADD COLUMN "confirmSeq" BIGINT,
    ADD COLUMN "lineKey" BIGINT,
    ADD CONSTRAINT "waitlist_referredById_fkey" FOREIGN KEY ("referredById") REFERENCES "waitlist"("id") ON DELETE SET NULL;

UPDATE "waitlist" SET "referralCode" = "waitlist_new_referral_code"();
ALTER TABLE "waitlist" ALTER COLUMN "referralCode" SET NOT NULL, ALTER COLUMN "referralCode" SET DEFAULT "waitlist_new_referral_code"();
CREATE UNIQUE INDEX "waitlist_referralCode_key" ON "waitlist"("referralCode");
CREATE INDEX "waitlist_referredById_idx" ON "waitlist"("referredById");

-- Entries already confirmed get their numbers in the order they confirmed.
UPDATE "waitlist" AS w SET "confirmSeq" = n."seq", "lineKey" = n."seq"
FROM (SELECT "id", nextval('waitlist_confirm_seq') AS "seq" FROM (SELECT "id" FROM "waitlist" WHERE "confirmedAt" IS NOT NULL ORDER BY "confirmedAt", "id") AS c) AS n
WHERE w."id" = n."id";

-- The line: confirmed entries still waiting, in order of key, then confirmation.
CREATE INDEX "waitlist_line_idx" ON "waitlist"("lineKey", "confirmSeq") WHERE "status" = 'waiting' AND "confirmSeq" IS NOT NULL;

CREATE FUNCTION "waitlist_line_on_confirm"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NEW;
END $$;

-- Row-level, and only for the row that confirms: its number, its key and its referrer's credit (the body is
-- in prisma/sql/functions/waitlist_line.sql).
CREATE TRIGGER "waitlist_line_confirm" BEFORE UPDATE OF "confirmedAt" ON "waitlist"
  FOR EACH ROW WHEN (OLD."confirmedAt" IS NULL AND NEW."confirmedAt" IS NOT NULL) EXECUTE FUNCTION "waitlist_line_on_confirm"();
CREATE TRIGGER "waitlist_line_insert_confirmed" BEFORE INSERT ON "waitlist"
  FOR EACH ROW WHEN (NEW."confirmedAt" IS NOT NULL) EXECUTE FUNCTION "waitlist_line_on_confirm"();

-- A signup now carries its referral code and client network: the function gains two arguments, so the old
-- one goes (its new body is in prisma/sql/functions/waitlist_queue_confirmation.sql).
DROP FUNCTION "waitlist_queue_confirmation"(boolean, text, text, text, text, timestamptz, timestamptz, text, text, timestamptz,
  text, text, text, text, text, text, text, text, text, text);
