-- Confirmed signups: when the visitor opened their confirmation link, and when one was last sent (a
-- repeat signup sends a new one at most every ten minutes).
ALTER TABLE "waitlist" ADD COLUMN "confirmedAt" TIMESTAMPTZ(3);
ALTER TABLE "waitlist" ADD COLUMN "confirmationSentAt" TIMESTAMPTZ(3);

-- Links sent by email. Only a SHA-256 of each token is kept: the table alone opens nothing.
-- "confirm" tokens are single-use and expire; "leave" tokens last as long as the entry and only erase it.
CREATE TABLE "waitlist_tokens" (
    "tokenHash" TEXT NOT NULL,
    "entryId" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "waitlist_tokens_pkey" PRIMARY KEY ("tokenHash"),
    CONSTRAINT "waitlist_tokens_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "waitlist"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "waitlist_tokens_entryId_idx" ON "waitlist_tokens"("entryId");

-- Every email, written in the same transaction as the change that causes it, then sent by whichever
-- server claims it first. Erasing an entry deletes its mail with it.
CREATE TABLE "email_outbox" (
    "id" SERIAL NOT NULL,
    "entryId" INTEGER,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "messageId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "email_outbox_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "waitlist"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "email_outbox_messageId_key" ON "email_outbox"("messageId");
CREATE INDEX "email_outbox_entryId_idx" ON "email_outbox"("entryId");
CREATE INDEX "email_outbox_status_nextAttemptAt_idx" ON "email_outbox"("status", "nextAttemptAt");
CREATE INDEX "email_outbox_createdAt_id_idx" ON "email_outbox"("createdAt" DESC, "id" DESC);
