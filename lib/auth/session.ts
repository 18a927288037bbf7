import { decode, encode } from "next-auth/jwt";
import { NextRequest, NextResponse } from "next/server";

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

/** A request's cookies as Next parses them: `request.cookies` of a NextRequest, or `await cookies()` in a server component. */
export interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/** The parts of a request the session functions read: a Request, or a server component's headers and cookies. */
export interface RequestLike {
  headers: Pick<Headers, "get" | "has">;
  url: string;
  /** Next's parsed cookies, when the request has them (a route handler's NextRequest, a page's cookies()). */
  cookies?: CookieReader;
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

// A plain Request (a script's, or one built by hand) has no parsed cookies: Next parses its Cookie header
// the same way. A value that is not valid percent-encoding (`%ZZ%`, planted or corrupted) is left out, so
// it reads as no session at all.
export function cookiesOf(request: RequestLike): CookieReader {
  return (
    request.cookies ??
    new NextRequest(request.url, { headers: { cookie: request.headers.get("cookie") ?? "" } }).cookies
  );
}

// Written `Lax` as it always has been (and as Auth.js writes it); Next's type lists only the lowercase
// spelling, which browsers read the same.
const SAME_SITE = "Lax" as "lax";

export function cookieOptions(secure: boolean, maxAge: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: SAME_SITE,
    secure,
    maxAge,
    ...(maxAge === 0 ? { expires: new Date(0) } : {}),
  };
}

/** Starts a session on a response: sets the sealed session cookie for the admin's session row. */
export async function setSessionCookie(
  response: NextResponse,
  request: RequestLike,
  claims: SessionClaims,
): Promise<void> {
  const secure = isSecureRequest(request);
  const name = sessionCookieName(secure);
  const maxAge = sessionMaxAgeSeconds();
  const token = await encode({
    token: { sub: String(claims.adminId), adminId: claims.adminId, sid: claims.sessionId },
    secret: getAuthSecret(),
    salt: name,
    maxAge,
  });
  response.cookies.set(name, token, cookieOptions(secure, maxAge));
}

/** The Set-Cookie value that starts a session, for a caller that builds its own requests rather than a response. */
export async function createSessionCookie(request: RequestLike, claims: SessionClaims): Promise<string> {
  const response = new NextResponse(null);
  await setSessionCookie(response, request, claims);
  return response.headers.get("set-cookie") ?? "";
}

/** Ends the session in the browser: the response clears the session cookie. */
export function clearSessionCookie(response: NextResponse, request: RequestLike): void {
  const secure = isSecureRequest(request);
  response.cookies.set(sessionCookieName(secure), "", cookieOptions(secure, 0));
}

/** Decodes and checks the session cookie of a request; null when absent, forged or expired. */
export async function readSessionClaims(request: RequestLike): Promise<SessionClaims | null> {
  const name = sessionCookieName(isSecureRequest(request));
  const token = cookiesOf(request).get(name)?.value;
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
