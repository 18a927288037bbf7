import "server-only";

import { setTimeout as sleep } from "node:timers/promises";

import {
  blockingRules,
  emailFailureRule,
  isFamiliar,
  loginSlowdownMs,
  rememberAddress,
  TOO_MANY_ATTEMPTS,
} from "@/lib/auth/login-throttle";
import type { PendingPurpose } from "@/lib/auth/second-step";
import type { SessionClaims } from "@/lib/auth/session";
import { verifyAdminCredentials, type PublicAdmin } from "@/lib/data/admins";
import { recordAudit } from "@/lib/data/audit";
import { hasSecondFactor, secondFactorStatus } from "@/lib/data/second-factor";
import { startAdminSession } from "@/lib/data/sessions";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http";
import { enforceRateLimits, hitRateLimit, resetRateLimit } from "@/lib/rate-limit";

/** A sign-in that succeeded: the admin, and the claims of the session it started for the session cookie. */
export interface SignedIn {
  admin: PublicAdmin;
  session: SessionClaims;
}

/**
 * A password that was right for an admin who must still give a second factor ("second-step") or set one up
 * ("enrol", when ADMIN_REQUIRE_SECOND_FACTOR is on): no session yet.
 */
export interface HalfSignedIn {
  admin: PublicAdmin;
  pending: PendingPurpose;
}

/** Sign-in paths of the second step, after the password. */
export const SECOND_STEP_PATHS: Record<PendingPurpose, string> = {
  "second-step": "/admin/login/verify",
  enrol: "/admin/login/enrol",
};

/**
 * Signs an admin in from a request: null for an unknown email, a wrong password or a deactivated account
 * alike, after the same bcrypt work. Failures are counted per (email, client) pair and per client, which
 * block for the rest of the window (a 429 is thrown), and per email, which only slows strangers down. A
 * success starts a session of its own (one per device), unless the admin has a second factor to give (or must
 * set one up): then only the half-signed-in state begins. Successes and failures both go to the audit log.
 */
export async function signIn(
  request: Request,
  { email, password }: { email: string; password: string },
): Promise<SignedIn | HalfSignedIn | null> {
  const ip = clientIp(request);
  const rules = blockingRules(ip, email);

  // Each attempt is counted before the password is checked, and only a success clears the count:
  // checking first and counting after would let a burst of parallel guesses all pass the check
  // while the first ones were still inside bcrypt.
  await enforceRateLimits(rules, TOO_MANY_ATTEMPTS);
  const emailRule = emailFailureRule(email);
  const delay = loginSlowdownMs((await hitRateLimit(emailRule)).count);
  if (delay > 0 && !(await isFamiliar(request, email, ip))) await sleep(delay);

  const admin = await verifyAdminCredentials(email, password);
  if (!admin) {
    // The email tried, never the password: the log shows someone guessing without keeping their guesses.
    await recordAudit(getDb(), { id: null, email: email.trim().toLowerCase(), ip }, { action: "auth.sign_in_failed" });
    return null;
  }

  await Promise.all([...rules, emailRule].map((rule) => resetRateLimit(rule.key)));
  const status = await secondFactorStatus(admin.id);
  if (hasSecondFactor(status)) return { admin, pending: "second-step" };
  if (env().ADMIN_REQUIRE_SECOND_FACTOR) return { admin, pending: "enrol" };
  // Only a complete sign-in makes this address one the admin signs in from (exempt from the per-email slowdown).
  await rememberAddress(email, ip);
  const sessionId = await startAdminSession(admin, { ip, userAgent: request.headers.get("user-agent") });
  return { admin, session: { adminId: admin.id, sessionId } };
}
