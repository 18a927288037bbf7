import { NextResponse } from "next/server";

import { clientIp, HttpError, methodNotAllowed, parseWith, readBytesWithLimit, route } from "@/lib/http";
import { visitSchema, visitSource } from "@/lib/validation/visit";
import { countVisit, notCounted, withinVisitLimit } from "@/lib/visits/count";

export const dynamic = "force-dynamic";

/** A beacon is two short values; anything much larger is not one. */
const MAX_BODY_BYTES = 1_024;

const NOT_JSON = "The request body must be a JSON object.";

/**
 * The landing page's visit beacon (lib/visits/beacon-script.ts): counts the visitor for the day and source
 * (lib/visits/count.ts) and answers 204, empty, whether or not it counted (a bot, a prefetch, an admin, or an
 * address past its beacons per minute are not). It never sets a cookie. The body
 * comes as text/plain (how sendBeacon sends a string) or JSON; either way it is a JSON object.
 */
export const POST = route(async (request) => {
  const text = new TextDecoder().decode(await readBytesWithLimit(request, MAX_BODY_BYTES));
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, NOT_JSON);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, NOT_JSON);
  const source = visitSource(parseWith(visitSchema, body));
  const address = clientIp(request);
  // Past its limit an address is simply not counted: the answer stays the same, so a browser never logs an
  // error for a page view.
  if (withinVisitLimit(address) && (await notCounted(request)) === null) {
    await countVisit({ address, userAgent: request.headers.get("user-agent")!.trim(), source });
  }
  return new NextResponse(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
