-- "You moved up" updates (lib/data/waitlist/moved-up.ts): the owner's setting, and the place each person was
-- last told.

-- The list's settings that the owner chooses in the admin Settings page, one row. Off until the owner turns it
-- on: nobody on the list asked for news of their place, so the team decides whether to send it.
-- CreateTable
CREATE TABLE "site_settings" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "movedUpEnabled" BOOLEAN NOT NULL DEFAULT false,
    "movedUpPlaces" INTEGER NOT NULL DEFAULT 10,

    CONSTRAINT "site_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_settings_one_row" CHECK ("id" = 1),
    CONSTRAINT "site_settings_moved_up_places_check" CHECK ("movedUpPlaces" BETWEEN 1 AND 1000)
);

INSERT INTO "site_settings" ("id") VALUES (1);

-- The place a person was last told (or first seen at, soon after confirming, while the updates are on), and
-- when the last "You moved up" email was queued. A table of its own: the daily sweep writes it for many
-- people at once, and a write to "waitlist" would run its statement triggers (counters, daily sums, line
-- ranges, webhook events) for nothing. It goes with its entry.
-- CreateTable
CREATE TABLE "waitlist_moved_up" (
    "entryId" INTEGER NOT NULL,
    "lastPlace" INTEGER NOT NULL,
    "lastSentAt" TIMESTAMPTZ(3),

    CONSTRAINT "waitlist_moved_up_pkey" PRIMARY KEY ("entryId"),
    CONSTRAINT "waitlist_moved_up_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "waitlist"("id") ON DELETE CASCADE
);
