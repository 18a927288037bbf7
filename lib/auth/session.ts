import { decode, encode } from "next-auth/jwt";

import { getAuthSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";

/** How long a session lasts from sign-in however active it is (ADMIN_SESSION_MAX_HOURS, 8 by default). */
export function sessionMaxAgeSeconds(): number {
  return env().ADMIN_SESSION_MAX_HOURS * 60 * 60;
}

/**
 * What the session cookie carries: who, and which of their sessions (a row of admin_sessions) it is.
 * The cookie stays Auth.js's sealed JWT rather than a bare random id: the proxy can turn away a forged or
 * expired cookie without a database read, and a session id read from the table is no use to anyone who
 * lacks AUTH_SECRET to seal it. The row decides whether the session is still alive.
 */
export interface SessionClaims {
  adminId: number;
  sessionId: string;
}

/** The parts of a request the session functions read: a Request, or a server component's headers. */
export interface RequestLike {
  headers: Pick<Headers, "get" | "has">;
  url: string;
}

/** HTTPS requests get the `__Secure-` cookie with the Secure flag (Auth.js's naming), plain HTTP the bare one. */
export function isSecureRequest(request: RequestLike): boolean {
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwardedProto ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

/** The Auth.js session cookie name for this request. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}authjs.session-token`;
}

function readCookie(request: RequestLike, name: string): string | undefined {
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
export async function createSessionCookie(request: RequestLike, claims: SessionClaims): Promise<string> {
  const secure = isSecureRequest(request);
  const name = sessionCookieName(secure);
  const maxAge = sessionMaxAgeSeconds();
  const token = await encode({
    token: { sub: String(claims.adminId), adminId: claims.adminId, sid: claims.sessionId },
    secret: getAuthSecret(),
    salt: name,
    maxAge,
  });
  return serializeCookie(name, token, maxAge, secure);
}

/** The Set-Cookie value that ends the session. */
export function clearSessionCookie(request: RequestLike): string {
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
export async function readSessionClaims(request: RequestLike): Promise<SessionClaims | null> {
  const name = sessionCookieName(isSecureRequest(request));
  const token = readCookie(request, name);
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: getAuthSecret(), salt: name });
    if (!payload) return null;
    const { adminId, sid } = payload as Record<string, unknown>;
    if (typeof adminId !== "number" || typeof sid !== "string" || sid === "") return null;
    return { adminId, sessionId: sid };
  } catch {
    return null;
  }
}
