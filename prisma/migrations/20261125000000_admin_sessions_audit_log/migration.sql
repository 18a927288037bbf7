-- One row per signed-in device, so signing out ends one session and the admin can see and end the others.
-- Replaces the per-admin session version, which could only end every session at once.
CREATE TABLE "admin_sessions" (
    "id" TEXT NOT NULL,
    "adminId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "userAgent" TEXT,
    "ip" TEXT,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "admin_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "admin_sessions_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "admin_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "admin_sessions_adminId_idx" ON "admin_sessions"("adminId");
CREATE INDEX "admin_sessions_expiresAt_idx" ON "admin_sessions"("expiresAt");

ALTER TABLE "admin_users" DROP COLUMN "sessionVersion";

-- Who did what in the admin area. Append-only: the app has no update or delete path, the trigger below
-- refuses updates from anyone, and only the retention sweep deletes (rows past the retention period).
-- The admin's email is copied in, so an entry still says who acted after the account changes.
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "adminId" INTEGER,
    "adminEmail" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "ip" TEXT,
    "details" JSONB,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_log_at_id_idx" ON "audit_log"("at" DESC, "id" DESC);
CREATE INDEX "audit_log_adminId_action_at_idx" ON "audit_log"("adminId", "action", "at");
CREATE INDEX "audit_log_action_at_idx" ON "audit_log"("action", "at");

CREATE FUNCTION "audit_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;

CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_is_append_only"();
