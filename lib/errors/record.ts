import "server-only";

import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { forwardError } from "@/lib/errors/forward";
import { fingerprintOf, scrub, type ErrorFacts } from "@/lib/errors/scrub";
import { version } from "@/package.json";

/** The deploy an error happened in: Vercel's commit, or the package's version on a server of our own. */
export function currentRelease(): string {
  return process.env.VERCEL_GIT_COMMIT_SHA?.slice(0, 12) || `v${version}`;
}

/** What a thrown value says about itself, whatever was thrown. */
export function describeThrown(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return { name: error.name || "Error", message: error.message, stack: error.stack };
  return { name: typeof error, message: typeof error === "string" ? error : "A non-error value was thrown" };
}

/**
 * Records one error in its group: a new cause gets a row, a known one counts up, and one that was resolved
 * opens again. One statement on its own connection, never inside the failed request's transaction; it never
 * throws, so recording can't turn an answer into a failure, even when the errors table itself is unavailable.
 * With SENTRY_DSN set, the scrubbed error also goes to that tracker, at the same time and as safely.
 */
export async function recordError(facts: ErrorFacts, now = new Date()): Promise<void> {
  const fingerprint = fingerprintOf(facts);
  const safe: ErrorFacts = {
    kind: facts.kind,
    name: scrub(facts.name, 120),
    message: scrub(facts.message, 1_000),
    stack: scrub(facts.stack ?? "", 4_000),
    route: scrub(facts.route, 300),
    method: facts.method.slice(0, 10),
  };
  const dsn = env().SENTRY_DSN;
  await Promise.all([
    writeGroup(fingerprint, safe, now),
    dsn && forwardError(dsn, safe, { fingerprint, release: currentRelease(), environment: env().NODE_ENV, now }),
  ]);
}

async function writeGroup(fingerprint: string, facts: ErrorFacts, now: Date): Promise<void> {
  const { name, message, stack = "", route } = facts;
  try {
    await getDb().$executeRaw`
      INSERT INTO "error_events" ("fingerprint", "kind", "name", "message", "route", "method", "release", "stack",
                                  "firstSeenAt", "lastSeenAt")
      VALUES (${fingerprint}, ${facts.kind}, ${name}, ${message}, ${route}, ${facts.method},
              ${currentRelease()}, ${stack}, ${now}, ${now})
      ON CONFLICT ("fingerprint") DO UPDATE SET
        "count" = "error_events"."count" + 1,
        "lastSeenAt" = greatest("error_events"."lastSeenAt", excluded."lastSeenAt"),
        "release" = excluded."release",
        "message" = excluded."message",
        "stack" = excluded."stack",
        "alertDue" = "error_events"."alertDue" OR "error_events"."resolvedAt" IS NOT NULL,
        "resolvedAt" = NULL,
        "resolvedBy" = NULL`;
  } catch (failure) {
    // One line, without the error's own text (it was not scrubbed for the log).
    console.warn(
      "[errors] could not record an error:",
      failure instanceof Error ? failure.name : "unknown failure",
      failure instanceof Error && "code" in failure ? String((failure as { code?: unknown }).code) : "",
    );
  }
}

/** Records a server error thrown while answering `method` on `route`. */
export function recordServerError(error: unknown, where: { route: string; method: string }): Promise<void> {
  return recordError({ kind: "server", ...describeThrown(error), ...where });
}

// The framework's onRequestError hook (instrumentation.ts) is bundled into the proxy too, which has no
// database: it calls the recorder through this global, set once a server process has loaded it.
const hooks = globalThis as { __ottoRecordServerError?: typeof recordServerError };
hooks.__ottoRecordServerError = recordServerError;
