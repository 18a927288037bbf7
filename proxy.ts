import { NextResponse, type NextRequest } from "next/server";

import { readSessionClaims } from "@/lib/auth/session";
import { contentSecurityPolicy } from "@/lib/csp";

const LOGIN_PATH = "/admin/login";

/**
 * A coarse gate and the per-request CSP nonce. The gate only reads the session cookie: every admin
 * route handler and data function checks the admin row itself (lib/auth/guard.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;

  if (pathname === "/admin" || pathname.startsWith("/admin/")) {
    const signedIn = !request.headers.has("x-middleware-subrequest") && (await readSessionClaims(request)) !== null;
    if (pathname === LOGIN_PATH && signedIn) return NextResponse.redirect(new URL("/admin", request.url));
    if (pathname !== LOGIN_PATH && !signedIn) return NextResponse.redirect(new URL(LOGIN_PATH, request.url));
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but the build's hashed assets and two plain-text files: a page at any other path (even
      // /missing.png, which renders the 404 page) gets the CSP, and /admin/anything.png still meets the gate.
      source: "/((?!_next/static/|_next/image|robots\\.txt|sitemap\\.xml).*)",
    },
  ],
};
