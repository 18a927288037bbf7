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
import type { SessionClaims } from "@/lib/auth/session";
import { verifyAdminCredentials, type PublicAdmin } from "@/lib/data/admins";
import { recordAudit } from "@/lib/data/audit";
import { startAdminSession } from "@/lib/data/sessions";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http";
import { enforceRateLimits, hitRateLimit, resetRateLimit } from "@/lib/rate-limit";

/** A sign-in that succeeded: the admin, and the claims of the session it started for the session cookie. */
export interface SignedIn {
  admin: PublicAdmin;
  session: SessionClaims;
}

/**
 * Signs an admin in from a request: null for an unknown email, a wrong password or a deactivated account
 * alike, after the same bcrypt work. Failures are counted per (email, client) pair and per client, which
 * block for the rest of the window (a 429 is thrown), and per email, which only slows strangers down. A
 * success starts a session of its own (one per device); successes and failures both go to the audit log.
 */
export async function signIn(
  request: Request,
  { email, password }: { email: string; password: string },
): Promise<SignedIn | null> {
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
  await rememberAddress(email, ip);
  const sessionId = await startAdminSession(admin, { ip, userAgent: request.headers.get("user-agent") });
  return { admin, session: { adminId: admin.id, sessionId } };
}
