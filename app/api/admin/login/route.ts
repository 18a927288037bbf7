import { setTimeout as sleep } from "node:timers/promises";

import { setSessionCookie } from "@/lib/auth/session";
import { requireSameOrigin } from "@/lib/auth/guard";
import {
  blockingRules,
  emailFailureRule,
  INVALID_CREDENTIALS,
  isFamiliar,
  loginSlowdownMs,
  rememberAddress,
  TOO_MANY_ATTEMPTS,
} from "@/lib/auth/login-throttle";
import { startAdminSession } from "@/lib/data/sessions";
import { verifyAdminCredentials } from "@/lib/data/admins";
import { recordAudit } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { clientIp, json, parseWith, readJson, route } from "@/lib/http";
import { hitRateLimit, resetRateLimit, tooManyRequests } from "@/lib/rate-limit";
import { loginSchema } from "@/lib/validation/admin";

/**
 * Signs an admin in. Unknown email, wrong password and deactivated account get the same 401 after
 * the same bcrypt work. Failures are counted in the database per (email, client) pair and per client,
 * which block for the rest of the window, and per email, which only slows strangers down. A success
 * starts a session of its own (one per device); successes and failures both go to the audit log.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  const { email, password } = parseWith(loginSchema, await readJson(request, { maxBytes: 4096 }));
  const ip = clientIp(request);
  const rules = blockingRules(ip, email);

  // Each attempt is counted before the password is checked, and only a success clears the count:
  // checking first and counting after would let a burst of parallel guesses all pass the check
  // while the first ones were still inside bcrypt.
  for (const rule of rules) {
    const state = await hitRateLimit(rule);
    if (!state.allowed) throw tooManyRequests(state, TOO_MANY_ATTEMPTS);
  }
  const emailRule = emailFailureRule(email);
  const delay = loginSlowdownMs((await hitRateLimit(emailRule)).count);
  if (delay > 0 && !(await isFamiliar(request, email, ip))) await sleep(delay);

  const admin = await verifyAdminCredentials(email, password);
  if (!admin) {
    // The email tried, never the password: the log shows someone guessing without keeping their guesses.
    await recordAudit(getDb(), { id: null, email: email.trim().toLowerCase(), ip }, { action: "auth.sign_in_failed" });
    return json({ message: INVALID_CREDENTIALS }, { status: 401 });
  }

  await Promise.all([...rules, emailRule].map((rule) => resetRateLimit(rule.key)));
  await rememberAddress(email, ip);
  const sessionId = await startAdminSession(admin, { ip, userAgent: request.headers.get("user-agent") });
  const response = json({ message: "Login successful", admin: { name: admin.name, email: admin.email } });
  await setSessionCookie(response, request, { adminId: admin.id, sessionId });
  return response;
});
