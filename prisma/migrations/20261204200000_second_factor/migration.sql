-- A second factor for admins: an authenticator app, passkeys and recovery codes, the single-use tokens of
-- the sign-in's second step and of passkey ceremonies, and how each session was signed in.

-- How the session's sign-in was completed: the password alone, or the second factor that followed it.
ALTER TABLE "admin_sessions" ADD COLUMN "signInMethod" TEXT NOT NULL DEFAULT 'password';
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_sign_in_method_check"
  CHECK ("signInMethod" IN ('password', 'passkey', 'totp', 'recovery'));

-- An admin's authenticator app. The secret is encrypted by the app before it is stored; the app counts only
-- once "confirmedAt" is set by a first valid code. "lastStep" is the 30-second step of the last code accepted:
-- no code of that step or an earlier one is accepted again.
CREATE TABLE "admin_totp" (
  "adminId" INTEGER NOT NULL,
  "secret" TEXT NOT NULL,
  "confirmedAt" TIMESTAMPTZ(3),
  "lastStep" BIGINT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "admin_totp_pkey" PRIMARY KEY ("adminId"),
  CONSTRAINT "admin_totp_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "admin_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- An admin's passkeys (WebAuthn credentials), each named by its admin.
CREATE TABLE "admin_passkeys" (
  "id" TEXT NOT NULL,
  "adminId" INTEGER NOT NULL,
  "name" TEXT NOT NULL,
  "publicKey" BYTEA NOT NULL,
  "counter" BIGINT NOT NULL DEFAULT 0,
  "transports" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastUsedAt" TIMESTAMPTZ(3),
  CONSTRAINT "admin_passkeys_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "admin_passkeys_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "admin_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "admin_passkeys_adminId_idx" ON "admin_passkeys"("adminId");

-- Recovery codes, stored as SHA-256 hashes; each is used once.
CREATE TABLE "admin_recovery_codes" (
  "id" SERIAL NOT NULL,
  "adminId" INTEGER NOT NULL,
  "codeHash" TEXT NOT NULL,
  "usedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "admin_recovery_codes_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "admin_recovery_codes_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "admin_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "admin_recovery_codes_codeHash_key" ON "admin_recovery_codes"("codeHash");
CREATE INDEX "admin_recovery_codes_adminId_idx" ON "admin_recovery_codes"("adminId");

-- Single-use, short-lived tokens: the half-signed-in cookie's id, and each passkey ceremony's challenge.
CREATE TABLE "admin_auth_challenges" (
  "id" TEXT NOT NULL,
  "adminId" INTEGER NOT NULL,
  "purpose" TEXT NOT NULL,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  "usedAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "admin_auth_challenges_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "admin_auth_challenges_purpose_check"
    CHECK ("purpose" IN ('second-step', 'enrol', 'passkey-register', 'passkey-sign-in')),
  CONSTRAINT "admin_auth_challenges_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "admin_users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "admin_auth_challenges_adminId_idx" ON "admin_auth_challenges"("adminId");
CREATE INDEX "admin_auth_challenges_expiresAt_idx" ON "admin_auth_challenges"("expiresAt");
