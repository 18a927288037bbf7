-- Confirmed signups: when the visitor opened their confirmation link, and when one was last sent (a
-- repeat signup sends a new one at most every ten minutes).
ALTER TABLE "waitlist" ADD COLUMN "confirmedAt" TIMESTAMPTZ(3);
ALTER TABLE "waitlist" ADD COLUMN "confirmationSentAt" TIMESTAMPTZ(3);

-- Links sent by email. Only a SHA-256 of each token is kept: the table alone opens nothing.
-- "confirm" tokens are single-use and expire; "leave" tokens last as long as the entry and only erase it.
-- No foreign key, here or on the outbox: a signup writes a row to each, and the key checks (a lock on the
-- new entry per row) cost a signup more than a tenth of its speed. Erasing an entry deletes its tokens
-- and email in the same statement instead (eraseWaitlistEntries in lib/data/waitlist.ts).
CREATE TABLE "waitlist_tokens" (
    "tokenHash" TEXT NOT NULL,
    "entryId" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "waitlist_tokens_pkey" PRIMARY KEY ("tokenHash")
);

CREATE INDEX "waitlist_tokens_entryId_idx" ON "waitlist_tokens"("entryId");

-- Every email, written in the same transaction as the change that causes it, then sent by whichever
-- server claims it first. Erasing an entry deletes its mail with it. Few indexes: a row is written with
-- every signup. (Message-IDs are random UUIDs and need no unique index; the admin list pages by id.)
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

    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "email_outbox_entryId_idx" ON "email_outbox"("entryId");
CREATE INDEX "email_outbox_status_nextAttemptAt_idx" ON "email_outbox"("status", "nextAttemptAt");

-- A signup, and a request for a new confirmation link, in one call: the entry (for a signup), the two token
-- hashes and the confirmation email are written together or not at all. A function rather than one
-- statement with data-modifying CTEs: PostgreSQL plans such a statement anew on every call, which cost a
-- signup a third of its speed, while a function keeps its plans for the connection.
-- Returns the queued email's id, or NULL when nothing was sent: the address is already on the list and
-- confirmed, or was sent a link after p_resend_before, or (for a request for a new link) is not on the list.
CREATE FUNCTION "waitlist_queue_confirmation"(
    p_signup boolean, p_name text, p_email text, p_business_type text, p_employees text,
    p_now timestamptz, p_resend_before timestamptz,
    p_confirm_hash text, p_leave_hash text, p_expires_at timestamptz,
    p_subject text, p_confirm_url text, p_leave_url text, p_message_id text
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_name text;
  v_outbox integer;
BEGIN
  IF p_signup THEN
    INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmationSentAt")
    VALUES (p_name, p_email, p_business_type, p_employees, p_now, p_now, p_now)
    ON CONFLICT ("email") DO NOTHING
    RETURNING "id", "name" INTO v_id, v_name;
  END IF;
  IF v_id IS NULL THEN
    UPDATE "waitlist" SET "confirmationSentAt" = p_now
    WHERE "email" = p_email AND "confirmedAt" IS NULL AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= p_resend_before)
    RETURNING "id", "name" INTO v_id, v_name;
    IF v_id IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt", "expiresAt")
  VALUES (p_confirm_hash, v_id, 'confirm', p_now, p_expires_at), (p_leave_hash, v_id, 'leave', p_now, NULL);
  INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
  VALUES (v_id, 'confirmation', p_email, p_subject,
          jsonb_build_object('name', v_name, 'confirmUrl', p_confirm_url, 'leaveUrl', p_leave_url), p_message_id, p_now, p_now)
  RETURNING "id" INTO v_outbox;
  RETURN v_outbox;
END $$;
