import "server-only";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

import { LOGIN_PATH } from "@/lib/admin-paths";
import { readPendingAdmin, type PendingAdmin, type PendingPurpose } from "@/lib/auth/second-step";
import type { RequestLike } from "@/lib/auth/session";
import { verifySessionAdmin } from "@/lib/auth/session-admin";
import type { VerifiedAdmin } from "@/lib/auth/verified";

/** The page being rendered, as the session checks read a request. */
async function pageRequest(): Promise<RequestLike> {
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  const proto = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  const host = requestHeaders.get("host") ?? "localhost";
  return { headers: requestHeaders, cookies: requestCookies, url: `${proto}://${host}/` };
}

/**
 * The signed-in admin of the page being rendered, or null: the same check as requireAdmin in route
 * handlers (cookie, session row, admin row), made once per request however many server components ask.
 */
export const getCurrentAdmin = cache(async (): Promise<VerifiedAdmin | null> =>
  verifySessionAdmin(await pageRequest()),
);

/** For the sign-in's later pages: the admin half signed in for this step, or a redirect to the login page. */
export async function requirePendingPageAdmin(purpose: PendingPurpose): Promise<PendingAdmin> {
  const pending = await readPendingAdmin(await pageRequest(), purpose);
  if (!pending) redirect(LOGIN_PATH);
  return pending;
}

/** For admin pages: the signed-in admin, or a redirect to the login page. */
export async function requireCurrentAdmin(): Promise<VerifiedAdmin> {
  const admin = await getCurrentAdmin();
  if (!admin) redirect(LOGIN_PATH);
  return admin;
}
