import "server-only";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

import { LOGIN_PATH } from "@/lib/admin-paths";
import { verifySessionAdmin, type VerifiedAdmin } from "@/lib/auth/verified";

/**
 * The signed-in admin of the page being rendered, or null: the same check as requireAdmin in route
 * handlers (cookie, session row, admin row), made once per request however many server components ask.
 */
export const getCurrentAdmin = cache(async (): Promise<VerifiedAdmin | null> => {
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  const proto = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  const host = requestHeaders.get("host") ?? "localhost";
  return verifySessionAdmin({ headers: requestHeaders, cookies: requestCookies, url: `${proto}://${host}/` });
});

/** For admin pages: the signed-in admin, or a redirect to the login page. */
export async function requireCurrentAdmin(): Promise<VerifiedAdmin> {
  const admin = await getCurrentAdmin();
  if (!admin) redirect(LOGIN_PATH);
  return admin;
}
