-- The place each person had in line when they confirmed, so their status page can say how far they have come
-- ("up from #13"). A table of its own, like "waitlist_moved_up": written once, right after the confirmation
-- (lib/data/waitlist/signups.ts), and a write to "waitlist" would run its statement triggers (counters, daily
-- sums, line ranges, webhook events) for nothing. It goes with its entry.
-- CreateTable
CREATE TABLE "waitlist_confirmed_places" (
    "entryId" INTEGER NOT NULL,
    "place" INTEGER NOT NULL,

    CONSTRAINT "waitlist_confirmed_places_pkey" PRIMARY KEY ("entryId"),
    CONSTRAINT "waitlist_confirmed_places_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "waitlist"("id") ON DELETE CASCADE
);

-- Those already in line confirmed before their place was kept: they are given the place their confirmation
-- alone gives them among everyone in line today, so the page shows what their friends have earned them (the
-- invitations sent before today are not counted as progress: nobody is told of a climb we cannot show).
INSERT INTO "waitlist_confirmed_places" ("entryId", "place")
SELECT "id", (row_number() OVER (ORDER BY "confirmSeq"))::int
FROM "waitlist" WHERE "lineOrder" < 9223372036854775807;
