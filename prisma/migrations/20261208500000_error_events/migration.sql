-- What went wrong, grouped (lib/errors/record.ts): one row per cause, so a failing route that throws a
-- thousand times is one line on /admin/errors with a count, not a thousand. Recording an error is one
-- INSERT … ON CONFLICT on the fingerprint, outside the failed request's own transaction. The message and the
-- sample stack are scrubbed of addresses, tokens, cookies and passwords before they are written.
-- The full admins hear of a new cause by email, and of one that comes back after it was resolved, at most once
-- a group an hour: "alertDue" is set when that happens, and the maintenance sweep claims it (alertedAt).
-- CreateTable
CREATE TABLE "error_events" (
    "id" SERIAL NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "release" TEXT NOT NULL,
    "stack" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMPTZ(3),
    "resolvedBy" TEXT,
    "alertDue" BOOLEAN NOT NULL DEFAULT true,
    "alertedAt" TIMESTAMPTZ(3),

    CONSTRAINT "error_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "error_events_kind_check" CHECK ("kind" IN ('server', 'browser'))
);

-- CreateIndex
CREATE UNIQUE INDEX "error_events_fingerprint_key" ON "error_events"("fingerprint");

-- The page lists the groups newest first.
-- CreateIndex
CREATE INDEX "error_events_lastSeenAt_idx" ON "error_events"("lastSeenAt" DESC);

-- When each periodic job last ran (lib/jobs/maintenance.ts writes its row at the end of each sweep), so
-- /admin/health can say whether the cron or the server's own timer still calls it.
-- CreateTable
CREATE TABLE "job_runs" (
    "name" TEXT NOT NULL,
    "lastRunAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("name")
);
