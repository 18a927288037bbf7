import "server-only";

import { clearSessionCookie, readSessionClaims } from "@/lib/auth/session";
import { findSessionAdmin, type PublicAdmin } from "@/lib/data/admins";
import { HttpError } from "@/lib/http";

const UNAUTHORIZED_MESSAGE = "Your session has ended. Please sign in again.";

/** The signed-in admin of a request, or null: checks the cookie and the admin row (active, session version). */
export async function getSessionAdmin(request: Request): Promise<PublicAdmin | null> {
  // A request that claims to be one of Next's internal subrequests is someone probing the
  // old middleware bypass (CVE-2025-29927): never treat it as signed in.
  if (request.headers.has("x-middleware-subrequest")) return null;
  const claims = await readSessionClaims(request);
  if (!claims) return null;
  return findSessionAdmin(claims.adminId, claims.sessionVersion);
}

/** The signed-in active admin, or a 401 that also clears the stale cookie. */
export async function requireAdmin(request: Request): Promise<PublicAdmin> {
  const admin = await getSessionAdmin(request);
  if (!admin) {
    throw new HttpError(401, UNAUTHORIZED_MESSAGE, { headers: { "Set-Cookie": clearSessionCookie(request) } });
  }
  return admin;
}

/**
 * Refuses state-changing requests from another site (403): the browser's Sec-Fetch-Site, or an Origin
 * that is not this host, says cross-site.
 */
export function requireSameOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new HttpError(403, "Cross-site requests are not allowed.");
  }
  const origin = request.headers.get("origin");
  if (!origin) return;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new HttpError(403, "Cross-site requests are not allowed.");
  }
  if (originHost !== host) throw new HttpError(403, "Cross-site requests are not allowed.");
}
