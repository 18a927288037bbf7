import { NextResponse, type NextRequest } from "next/server";

import { clearSessionCookie, isSecureRequest, readSessionClaims, sessionCookieName } from "@/lib/auth/session";
import { contentSecurityPolicy } from "@/lib/csp";
import { prerenderedScriptHashes } from "@/lib/static-page-scripts";

const LOGIN_PATH = "/admin/login";

/**
 * A coarse gate and each page's Content-Security-Policy. The gate only reads the session cookie: the admin
 * layout, every admin route handler and every data function check the session and admin rows themselves.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  // An address that does not decode (`%ff` is no character) names no page or record: answered here, before
  // the framework's own decoding fails on it with a 500.
  if (!decodes(pathname)) {
    if (pathname.startsWith("/api/")) return jsonAnswer(400, "This address is not valid.");
    return withStaticPolicy(NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 }));
  }
  // The only API paths the proxy sees are those with a percent sign in them, checked just above.
  if (pathname.startsWith("/api/")) return NextResponse.next();

  // A leave POST without a body (its form's body sends it to the route handler before the proxy, see
  // next.config.mjs) still goes to the route, which answers it.
  if (pathname === "/waitlist/leave" && request.method === "POST") {
    return NextResponse.rewrite(new URL(`/api/waitlist/leave${request.nextUrl.search}`, request.url));
  }

  // The login page itself sends a signed-in admin on to /admin: only it can tell a live session from a
  // revoked one that still carries a valid cookie.
  // So do the sign-in's own later steps (/admin/login/verify, /admin/login/enrol): they come before any session.
  if (isAdminPath(pathname) && pathname !== LOGIN_PATH && !pathname.startsWith(`${LOGIN_PATH}/`)) {
    const signedIn = !request.headers.has("x-middleware-subrequest") && (await readSessionClaims(request)) !== null;
    if (!signedIn) {
      const redirect = NextResponse.redirect(new URL(LOGIN_PATH, request.url));
      // A cookie that is no session (expired, forged or garbled) is cleared, so it cannot keep breaking the admin
      // area. The raw header is searched, as request.cookies leaves out a value that does not decode (`%ZZ%`).
      if (request.headers.get("cookie")?.includes(sessionCookieName(isSecureRequest(request)))) {
        clearSessionCookie(redirect, request);
      }
      return redirect;
    }
  }

  const isDevelopment = process.env.NODE_ENV === "development";
  // Pages outside the admin area are built once and served as files (in development nothing is).
  if (!isDevelopment && !rendersPerRequest(pathname)) return withStaticPolicy(NextResponse.next());

  // The admin area (personal data) and the pages the links in emails open render per request and get a
  // fresh nonce, as does every page in development.
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy({ nonce }, isDevelopment);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

/**
 * A page built once carries no nonce, so its inline scripts are allowed by their hashes, read from the file
 * the build wrote beside the proxy; without that file, by being inline (never a nonce policy, which would
 * block them all).
 */
function withStaticPolicy(response: NextResponse): NextResponse {
  response.headers.set("Content-Security-Policy", contentSecurityPolicy({ hashes: prerenderedScriptHashes() }, false));
  return response;
}

function jsonAnswer(status: number, message: string): NextResponse {
  return NextResponse.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Pages rendered for each request: the admin area, and the pages the links in emails open. */
function rendersPerRequest(pathname: string): boolean {
  return isAdminPath(pathname) || pathname.startsWith("/waitlist/") || pathname === "/early-access";
}

function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

export const config = {
  matcher: [
    {
      // Pages only. API routes each check their own session, and a JSON answer needs no CSP nonce; left
      // out, their bodies also reach the route unread, so an oversized one is refused from its declared
      // size instead of being buffered for the proxy first. Also left out: the build's hashed assets and
      // two plain-text files. Any other path (even /missing.png, which renders the 404 page) gets the
      // CSP, and /admin/anything.png still meets the gate.
      source: "/((?!api/|_next/static/|_next/image|robots\\.txt|sitemap\\.xml).*)",
      // Nor a request with a body: no page takes one, and Next holds a request the proxy has seen until its
      // whole body has arrived (up to 10 MB buffered, or forever for a length declared and never sent).
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // API paths with a percent sign: checked that they decode (see above), nothing more.
    { source: "/api/:path(.*%.*)" },
  ],
};
