import { NextResponse } from "next/server";

import { recordError } from "@/lib/errors/record";
import { clientIp, methodNotAllowed, parseWith, readJson, route, routeOf } from "@/lib/http";
import { clientRateKey, hitRateLimit, tooManyRequests } from "@/lib/rate-limit";
import { BROWSER_ERROR_MAX_BYTES, browserErrorSchema } from "@/lib/validation/errors";

export const dynamic = "force-dynamic";

/** A page that keeps failing in a loop must not fill the table: ten reports a minute per network. */
const REPORTS_PER_MINUTE = 10;

/**
 * The site's pages report their own browser errors here (lib/errors/browser-reporter.ts), same origin, so the
 * page's CSP needs no new origin. The report is scrubbed and grouped with the server's errors, marked
 * "browser" → 204.
 */
export const POST = route(async (request) => {
  const report = parseWith(browserErrorSchema, await readJson(request, { maxBytes: BROWSER_ERROR_MAX_BYTES }));
  const rule = {
    key: `errors:ip:${clientRateKey(clientIp(request) ?? "unknown")}`,
    limit: REPORTS_PER_MINUTE,
    windowMs: 60_000,
  };
  const state = await hitRateLimit(rule);
  if (!state.allowed) throw tooManyRequests(state, "Too many error reports from this network. Try again in a minute.");
  await recordError({
    kind: "browser",
    name: report.name,
    message: report.message,
    stack: report.stack,
    route: routeOf(report.path.split(/[?#]/)[0]!),
    method: "GET",
  });
  return new NextResponse(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
