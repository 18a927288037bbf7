import { readAIConfig } from "@/lib/ai/config";
import { notConfiguredOutcome, runConnectionTest, type ConnectionTestOutcome } from "@/lib/ai/connection-test";
import { connectionTestRateLimits } from "@/lib/ai/rate-limits";
import { redactSecrets } from "@/lib/ai/redact";
import { requireSameOrigin } from "@/lib/auth/guard";
import { clientIp, HttpError, json, methodNotAllowed, route } from "@/lib/http";
import { hitRateLimit } from "@/lib/rate-limit";

const TOO_MANY_MESSAGE = "Too many connection tests";

// Said once per server process: every press of the button on an unconfigured server would say it again.
let notConfiguredLogged = false;

/** Tells the operator, in the server log, what to set; the public answer names no setting. */
function logNotConfigured(hint: string | undefined) {
  if (notConfiguredLogged) return;
  notConfiguredLogged = true;
  console.warn(`[ai] the /api-test connection test has no AI provider to call. ${hint ?? ""}`.trim());
}

function respond(outcome: ConnectionTestOutcome) {
  return json(outcome.body, { status: outcome.status, headers: outcome.ok ? {} : outcome.headers });
}

/**
 * Runs one connection test against the configured AI provider. Public (the /api-test page needs no sign-in), so it is
 * guarded against becoming a free proxy to a paid API: same-origin only, JSON content type, and rate
 * limited per client and globally in the database.
 */
export const POST = route(async (request) => {
  // A cross-site page must not be able to spend our quota from a visitor's browser.
  requireSameOrigin(request);
  // A JSON content type cannot be sent cross-site without a CORS preflight, which this route never grants.
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, "Send the request with Content-Type: application/json (and no body).");
  }

  const config = readAIConfig();
  // Answered before the rate limits: it costs nothing and needs no database.
  if (!config.apiKey) {
    const outcome = notConfiguredOutcome();
    if (!outcome.ok) logNotConfigured(outcome.hint);
    return respond(outcome);
  }

  for (const rule of connectionTestRateLimits(clientIp(request))) {
    const state = await hitRateLimit(rule);
    if (!state.allowed) {
      return json(
        { message: TOO_MANY_MESSAGE, error: `Please wait ${state.retryAfterSeconds} seconds before testing again.` },
        { status: 429, headers: { "Retry-After": String(state.retryAfterSeconds) } },
      );
    }
  }

  const outcome = await runConnectionTest(config);
  if (!outcome.ok) {
    // Operators need to see failures, with what to check (the hint the public answer leaves out); the body is
    // already free of the key, and is redacted again to be sure.
    console.warn(
      redactSecrets(
        `[ai] connection test failed (${outcome.failure}, ${outcome.status}): ${outcome.body.message}. ${outcome.body.error}${outcome.hint ? ` ${outcome.hint}` : ""}`,
        [config.apiKey],
      ),
    );
  }
  return respond(outcome);
});

const notAllowed = methodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
