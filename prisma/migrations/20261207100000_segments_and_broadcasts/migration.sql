-- Segments: a name for a combination of the list's filters, so the team chooses "Cleaners in London" instead of
-- setting five filters again. The filter is the same JSON the list's requests carry, read back through the
-- list's own schema each time it is used.
CREATE TABLE "segments" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "segments_pkey" PRIMARY KEY ("id")
);

-- Two segments of one name in any case would be chosen by mistake.
CREATE UNIQUE INDEX "segments_name_key" ON "segments" (lower("name"));

-- Broadcasts: one email written by the team to a segment, sent through the outbox. The audience's filter is
-- kept as it was when the broadcast was made, so editing the segment later does not change who it reaches.
CREATE TABLE "broadcasts" (
    "id" SERIAL NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "segmentId" INTEGER,
    "segmentName" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "includeUnconfirmed" BOOLEAN NOT NULL DEFAULT false,
    -- scheduled, sending, sent, cancelled
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "sendAt" TIMESTAMPTZ(3) NOT NULL,
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    -- How many emails were queued when it started.
    "recipients" INTEGER,
    -- People who left through their leave link after this broadcast reached them (their rows are erased).
    "leftCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "broadcasts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "broadcasts_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "segments"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE INDEX "broadcasts_createdAt_idx" ON "broadcasts" ("createdAt" DESC);
-- The sweep's question: which scheduled broadcasts are due.
CREATE INDEX "broadcasts_due_idx" ON "broadcasts" ("sendAt") WHERE "status" = 'scheduled';

-- The broadcast an email belongs to, for its page's counts and for stopping it.
ALTER TABLE "email_outbox" ADD COLUMN "broadcastId" INTEGER;
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "broadcasts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "email_outbox_broadcastId_idx" ON "email_outbox" ("broadcastId", "status") WHERE "broadcastId" IS NOT NULL;
