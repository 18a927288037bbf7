import { createSessionCookie } from "@/lib/auth/session";
import { requireSameOrigin } from "@/lib/auth/guard";
import { verifyAdminCredentials } from "@/lib/data/admins";
import { clientIp, json, parseWith, readJson, route } from "@/lib/http";
import { hitRateLimit, resetRateLimit, tooManyRequests, type RateLimitRule } from "@/lib/rate-limit";
import { loginSchema } from "@/lib/validation/admin";

/** Failed sign-ins allowed per account and per client IP in each window. */
const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const INVALID_CREDENTIALS = "Invalid email or password";
const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

function throttleRules(ip: string, email: string): RateLimitRule[] {
  return [
    { key: `login-fail:ip:${ip}`, limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS },
    { key: `login-fail:email:${email}`, limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS },
  ];
}

/**
 * Signs an admin in. Unknown email, wrong password and deactivated account get the same 401 after
 * the same bcrypt work; failures are counted per IP and per email (known or not) in the database.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  const { email, password } = parseWith(loginSchema, await readJson(request, { maxBytes: 4096 }));
  const rules = throttleRules(clientIp(request), email);

  // Each attempt is counted before the password is checked, and only a success clears the count:
  // checking first and counting after would let a burst of parallel guesses all pass the check
  // while the first ones were still inside bcrypt.
  for (const rule of rules) {
    const state = await hitRateLimit(rule);
    if (!state.allowed) throw tooManyRequests(state, TOO_MANY_ATTEMPTS);
  }

  const admin = await verifyAdminCredentials(email, password);
  if (!admin) return json({ message: INVALID_CREDENTIALS }, { status: 401 });

  await Promise.all(rules.map((rule) => resetRateLimit(rule.key)));
  const cookie = await createSessionCookie(request, { adminId: admin.id, sessionVersion: admin.sessionVersion });
  return json(
    { message: "Login successful", admin: { name: admin.name, email: admin.email } },
    { headers: { "Set-Cookie": cookie } },
  );
});
