-- The overview's referral figures. Three more sums kept by the same triggers as the others (their bodies are
-- in prisma/sql/functions/waitlist_daily.sql), so the share of referred signups and the viral factor read a
-- few rows per day rather than the entries: waitlist_daily."referred", the day's signups that still name the
-- entry whose link brought them; waitlist_daily_events."confirmed", the entries that confirmed their address
-- on the day; and waitlist_daily_events."credited", the referrals credited on the day (a friend's confirmation
-- that moved their referrer up the line).
ALTER TABLE "waitlist_daily" ADD COLUMN "referred" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "waitlist_daily_events" ADD COLUMN "confirmed" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "credited" INTEGER NOT NULL DEFAULT 0;

-- The entries already there, counted once into slot 0 (the figures are sums over the slots).
INSERT INTO "waitlist_daily" AS d ("day", "businessType", "employees", "source", "slot", "referred")
SELECT ("joinedAt" AT TIME ZONE 'UTC')::date, "businessType", "employees", "source", 0, count(*)
FROM "waitlist" WHERE "referredById" IS NOT NULL
GROUP BY 1, 2, 3, 4
ON CONFLICT ("day", "businessType", "employees", "source", "slot") DO UPDATE SET "referred" = EXCLUDED."referred";

INSERT INTO "waitlist_daily_events" AS e ("day", "slot", "confirmed", "credited")
SELECT "day", 0, sum("confirmed"), sum("credited")
FROM (
  SELECT ("confirmedAt" AT TIME ZONE 'UTC')::date AS "day", 1 AS "confirmed", 0 AS "credited" FROM "waitlist" WHERE "confirmedAt" IS NOT NULL
  UNION ALL
  SELECT ("referralCheckedAt" AT TIME ZONE 'UTC')::date, 0, 1 FROM "waitlist" WHERE "referralCredit" = 'credited'
) AS events
GROUP BY "day"
ON CONFLICT ("day", "slot") DO UPDATE SET "confirmed" = EXCLUDED."confirmed", "credited" = EXCLUDED."credited";

-- The top referrers of a period: only credited referrals are in it (a small part of the list), in the order
-- they were credited, each with its referrer, so a period's are one range read from the index alone.
CREATE INDEX "waitlist_credited_referrals_idx" ON "waitlist" ("referralCheckedAt", "referredById") WHERE "referralCredit" = 'credited';

-- The top referrers of all time: the credits the line keeps on each referrer, most first, so the first five
-- entries of this index are the answer however many referrals there have been.
CREATE INDEX "waitlist_referral_credits_idx" ON "waitlist" ("referralCredits" DESC, "id") WHERE "referralCredits" > 0;
