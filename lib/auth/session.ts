import { decode, encode } from "next-auth/jwt";

import { getAuthSecret } from "@/lib/auth/secret";

/** Sessions last 8 hours from sign-in. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** What the session cookie carries: who, and which session version of theirs it belongs to. */
export interface SessionClaims {
  adminId: number;
  sessionVersion: number;
}

/** HTTPS requests get the `__Secure-` cookie with the Secure flag (Auth.js's naming), plain HTTP the bare one. */
export function isSecureRequest(request: Request): boolean {
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwardedProto ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

/** The Auth.js session cookie name for this request. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}authjs.session-token`;
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    // A value that is not valid percent-encoding (`%ZZ%`, planted or corrupted) is no session at all.
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The Set-Cookie value that starts a session. */
export async function createSessionCookie(request: Request, claims: SessionClaims): Promise<string> {
  const secure = isSecureRequest(request);
  const name = sessionCookieName(secure);
  const token = await encode({
    token: { sub: String(claims.adminId), adminId: claims.adminId, sessionVersion: claims.sessionVersion },
    secret: getAuthSecret(),
    salt: name,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return serializeCookie(name, token, SESSION_MAX_AGE_SECONDS, secure);
}

/** The Set-Cookie value that ends the session. */
export function clearSessionCookie(request: Request): string {
  const secure = isSecureRequest(request);
  return serializeCookie(sessionCookieName(secure), "", 0, secure);
}

function serializeCookie(name: string, value: string, maxAge: number, secure: boolean): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Decodes and checks the session cookie of a request; null when absent, forged or expired. */
export async function readSessionClaims(request: Request): Promise<SessionClaims | null> {
  const name = sessionCookieName(isSecureRequest(request));
  const token = readCookie(request, name);
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: getAuthSecret(), salt: name });
    if (!payload) return null;
    const { adminId, sessionVersion } = payload as Record<string, unknown>;
    if (typeof adminId !== "number" || typeof sessionVersion !== "number") return null;
    return { adminId, sessionVersion };
  } catch {
    return null;
  }
}
