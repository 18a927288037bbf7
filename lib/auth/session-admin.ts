import "server-only";

import { readSessionClaims, type RequestLike } from "@/lib/auth/session";
import { sealVerifiedAdmin, type SessionAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { findSessionAdmin } from "@/lib/data/sessions";
import { clientIp } from "@/lib/http";

/**
 * The signed-in admin of a request, or null: checks the session cookie, its session row (not revoked,
 * idle or expired) and the admin row (active). The result is registered as verified and frozen, so its id
 * cannot be swapped. It lives apart from lib/auth/verified.ts, which the data layer imports for its checks,
 * so that the session lookup and the checks do not import each other.
 */
export async function verifySessionAdmin(request: RequestLike): Promise<VerifiedAdmin | null> {
  // A request that claims to be one of Next's internal subrequests is someone probing the
  // old middleware bypass (CVE-2025-29927): never treat it as signed in.
  if (request.headers.has("x-middleware-subrequest")) return null;
  const claims = await readSessionClaims(request);
  if (!claims) return null;
  const found = await findSessionAdmin(claims.adminId, claims.sessionId);
  if (!found) return null;
  const admin: SessionAdmin = { ...found, sessionId: claims.sessionId, ip: clientIp(request) };
  return sealVerifiedAdmin(admin);
}
