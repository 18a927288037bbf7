import "server-only";

import { PASSWORD_NEEDED_CODE } from "@/lib/api-codes";
import { blockingRules, TOO_MANY_ATTEMPTS } from "@/lib/auth/login-throttle";
import { isPendingAdmin, type PendingAdmin } from "@/lib/auth/second-step";
import { auditActorOf, isVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { verifyAdminCredentials } from "@/lib/data/admins";
import { recordAudit } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { HttpError } from "@/lib/http";
import { enforceRateLimits, resetRateLimit } from "@/lib/rate-limit";

// A session left open on a desk should not be enough to change how its admin signs in: adding or removing a
// factor, and new recovery codes, want the password given within the last ten minutes. The server keeps when
// it was last given, on the session's row; the page asks for it again when told to.

/** How long a password given counts as just given. */
export const FRESH_PASSWORD_MS = 10 * 60 * 1000;

export const PASSWORD_NEEDED_MESSAGE = "Confirm your password to continue.";
export const WRONG_PASSWORD_MESSAGE = "That password is not right.";

/**
 * Throws a 403 (code `password_needed`) unless the admin gave their password within the last ten minutes: at
 * this session's sign-in or confirmed since. One half signed in to set up a first factor gave it at that sign-in.
 */
export async function assertFreshPassword(owner: VerifiedAdmin | PendingAdmin, now = Date.now()): Promise<void> {
  const since = new Date(now - FRESH_PASSWORD_MS);
  let fresh = false;
  if (isVerifiedAdmin(owner)) {
    fresh = (await getDb().adminSession.count({ where: { id: owner.sessionId, passwordAt: { gt: since } } })) === 1;
  } else if (isPendingAdmin(owner)) {
    fresh =
      (await getDb().adminAuthChallenge.count({ where: { id: owner.pendingId, createdAt: { gt: since } } })) === 1;
  }
  if (!fresh) throw new HttpError(403, PASSWORD_NEEDED_MESSAGE, { code: PASSWORD_NEEDED_CODE });
}

/**
 * The signed-in admin gives their password again: counted against the sign-in's own limits (per client, and per
 * email and client), audited, and noted on the session. A wrong one is a 401 that changes nothing.
 */
export async function confirmPassword(admin: VerifiedAdmin, password: string): Promise<void> {
  if (!isVerifiedAdmin(admin)) throw new HttpError(401, PASSWORD_NEEDED_MESSAGE);
  const rules = blockingRules(admin.ip, admin.email);
  await enforceRateLimits(rules, TOO_MANY_ATTEMPTS);
  const checked = await verifyAdminCredentials(admin.email, password);
  if (!checked || checked.id !== admin.id)
    throw new HttpError(401, WRONG_PASSWORD_MESSAGE, { errors: { password: [WRONG_PASSWORD_MESSAGE] } });
  await Promise.all(rules.map((rule) => resetRateLimit(rule.key)));
  await getDb().$transaction(async (tx) => {
    await tx.adminSession.updateMany({ where: { id: admin.sessionId }, data: { passwordAt: new Date() } });
    await recordAudit(tx, auditActorOf(admin), { action: "security.password_confirmed" });
  });
}
