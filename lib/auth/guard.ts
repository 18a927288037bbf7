import "server-only";

import type { RequestLike } from "@/lib/auth/session";
import { verifySessionAdmin } from "@/lib/auth/session-admin";
import { SESSION_ENDED_MESSAGE, type VerifiedAdmin } from "@/lib/auth/verified";
import { env } from "@/lib/env";
import { HttpError } from "@/lib/http";

/**
 * The signed-in active admin, or a 401 that also clears the stale cookie. The admin returned is the
 * only kind the admin data functions accept (see lib/auth/verified.ts).
 */
export async function requireAdmin(request: RequestLike): Promise<VerifiedAdmin> {
  const admin = await verifySessionAdmin(request);
  if (!admin) {
    throw new HttpError(401, SESSION_ENDED_MESSAGE, { endsSession: true });
  }
  return admin;
}

/**
 * Refuses state-changing requests from another site (403): the browser's Sec-Fetch-Site, or an Origin
 * that is not this host, says cross-site. A form posted from one of our pages sent with
 * `Referrer-Policy: no-referrer` (those the links in emails open) carries `Origin: null`; it passes only
 * with the browser's own word, Sec-Fetch-Site, that it came from this site.
 */
export function requireSameOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new HttpError(403, "Cross-site requests are not allowed.");
  }
  const origin = request.headers.get("origin");
  if (!origin || (origin === "null" && site === "same-origin")) return;
  const host = requestHost(request);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new HttpError(403, "Cross-site requests are not allowed.");
  }
  if (originHost !== host) throw new HttpError(403, "Cross-site requests are not allowed.");
}

/**
 * X-Forwarded-Host names this site only when a proxy of ours wrote it (TRUSTED_PROXY_HOPS, or Vercel's edge).
 * Reaching the server directly, a client could send it to match any Origin it liked.
 */
/**
 * The host a request was addressed to: `X-Forwarded-Host` only behind a proxy the server trusts (which sets
 * it), else the request's own Host. Every check that compares an origin or a page with this site reads it here.
 */
export function requestHost(request: RequestLike): string {
  return (
    (trustsForwardedHost() && request.headers.get("x-forwarded-host")) ||
    request.headers.get("host") ||
    new URL(request.url).host
  );
}

function trustsForwardedHost(): boolean {
  const { TRUSTED_PROXY_HOPS, VERCEL } = env();
  return TRUSTED_PROXY_HOPS > 0 || VERCEL === "1";
}
