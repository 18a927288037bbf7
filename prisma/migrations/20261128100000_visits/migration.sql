-- Visitors to the landing page, counted without a cookie: each UTC day has its own random salt, and a
-- visitor is the SHA-256 of that salt, their address and their browser's user agent (made by the server,
-- never stored in clear). The salt and the day's hashes are deleted once the day is over, so nobody can be
-- followed from one day to the next; only the count of each day's distinct visitors per source stays.

-- The salt of each UTC day still running (deleted with its hashes when the day ends).
CREATE TABLE "visit_salts" (
    "day" DATE NOT NULL,
    "salt" BYTEA NOT NULL,

    CONSTRAINT "visit_salts_pkey" PRIMARY KEY ("day")
);

-- The visitors already counted today, per source: only their salted hashes.
CREATE TABLE "visit_seen" (
    "day" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "visit_seen_pkey" PRIMARY KEY ("day", "source", "hash")
);

-- Distinct visitors per UTC day and source (the signup's rule: utm_source, else referring host, else
-- 'direct'), kept for good. Four slots per key, like waitlist_daily, so concurrent visits rarely queue.
CREATE TABLE "visit_daily" (
    "day" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "slot" SMALLINT NOT NULL,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "visit_daily_pkey" PRIMARY KEY ("day", "source", "slot")
);
