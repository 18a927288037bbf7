import "server-only";

import { randomBytes } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import type { NextResponse } from "next/server";

import { parseAdminRole } from "@/lib/auth/roles";
import { getAuthSecret } from "@/lib/auth/secret";
import { cookieOptions, cookiesOf, isSecureRequest, type RequestLike } from "@/lib/auth/session";
import type { PublicAdmin } from "@/lib/data/admins";
import type { AuditActor } from "@/lib/data/audit";
import { startAdminSession, type SignInMethod } from "@/lib/data/sessions";
import { getDb, type Tx } from "@/lib/db";
import { clientIp, HttpError } from "@/lib/http";

// Between the password and the second factor an admin is half signed in: no session exists yet, only a
// sealed cookie (encrypted and authenticated with a key derived from AUTH_SECRET, as the session cookie is)
// naming a row of admin_auth_challenges. The row makes it single use: completing the sign-in marks it used,
// so a copy of the cookie replayed afterwards is refused, and it lives minutes, not hours.

/** "second-step": the admin has a second factor to give. "enrol": they must set one up first (ADMIN_REQUIRE_SECOND_FACTOR). */
export type PendingPurpose = "second-step" | "enrol";

/** How long each half-signed-in state lasts: long enough to find a phone, or to set an app up. */
const LIFETIME_SECONDS: Record<PendingPurpose, number> = { "second-step": 5 * 60, enrol: 15 * 60 };

/** The 401 of a second step without a live half-signed-in cookie. */
export const SECOND_STEP_EXPIRED = "Your sign-in has expired. Please sign in again.";

export function secondStepCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}otto.second-step`;
}

declare const pendingBrand: unique symbol;

/** An admin who has given their password and nothing more, as read from a live half-signed-in cookie. */
export type PendingAdmin = Readonly<
  PublicAdmin & { pendingId: string; purpose: PendingPurpose; ip: string | null; userAgent: string | null }
> & { readonly [pendingBrand]: true };

const pendingAdmins = new WeakSet<object>();

/** True only for an admin read by readPendingAdmin from a live cookie. */
export function isPendingAdmin(actor: unknown): actor is PendingAdmin {
  return typeof actor === "object" && actor !== null && pendingAdmins.has(actor);
}

/** The audit log's view of a half-signed-in admin. */
export function pendingActorOf(admin: PendingAdmin): AuditActor {
  return { id: admin.id, email: admin.email, ip: admin.ip };
}

/** Starts the half-signed-in state on a response: a single-use row and the sealed cookie naming it. */
export async function startSecondStep(
  response: NextResponse,
  request: RequestLike,
  adminId: number,
  purpose: PendingPurpose,
): Promise<void> {
  const id = randomBytes(32).toString("base64url");
  const maxAge = LIFETIME_SECONDS[purpose];
  await getDb().adminAuthChallenge.create({
    data: { id, adminId, purpose, expiresAt: new Date(Date.now() + maxAge * 1000) },
    select: { id: true },
  });
  const secure = isSecureRequest(request);
  const name = secondStepCookieName(secure);
  const token = await encode({ token: { adminId, pid: id, purpose }, secret: getAuthSecret(), salt: name, maxAge });
  response.cookies.set(name, token, { ...cookieOptions(secure, maxAge), sameSite: "strict" });
}

/** Clears the half-signed-in cookie. */
export function clearSecondStepCookie(response: NextResponse, request: RequestLike): void {
  const secure = isSecureRequest(request);
  response.cookies.set(secondStepCookieName(secure), "", cookieOptions(secure, 0));
}

// The row's id travels as `pid`: Auth.js's encode sets a `jti` of its own.
async function readClaims(request: RequestLike): Promise<{ adminId: number; pid: string; purpose: string } | null> {
  const name = secondStepCookieName(isSecureRequest(request));
  const token = cookiesOf(request).get(name)?.value;
  if (!token) return null;
  try {
    const payload = (await decode({ token, secret: getAuthSecret(), salt: name })) as Record<string, unknown> | null;
    if (!payload) return null;
    const { adminId, pid, purpose } = payload;
    if (typeof adminId !== "number" || typeof pid !== "string" || typeof purpose !== "string") return null;
    return { adminId, pid, purpose };
  } catch {
    return null;
  }
}

/**
 * The half-signed-in admin of a request, or null: the cookie must decode, and its row be unused, unexpired,
 * of the purpose asked for, and belong to an active admin.
 */
export async function readPendingAdmin(request: RequestLike, purpose?: PendingPurpose): Promise<PendingAdmin | null> {
  if (request.headers.has("x-middleware-subrequest")) return null;
  const claims = await readClaims(request);
  if (!claims || (purpose && claims.purpose !== purpose)) return null;
  const row = await getDb().adminAuthChallenge.findFirst({
    where: {
      id: claims.pid,
      adminId: claims.adminId,
      purpose: claims.purpose,
      usedAt: null,
      expiresAt: { gt: new Date() },
      admin: { isActive: true },
    },
    select: {
      purpose: true,
      admin: { select: { id: true, name: true, email: true, isActive: true, createdAt: true, role: true } },
    },
  });
  if (!row) return null;
  const admin = {
    ...row.admin,
    role: parseAdminRole(row.admin.role) ?? "viewer",
    pendingId: claims.pid,
    purpose: row.purpose as PendingPurpose,
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent"),
  };
  Object.freeze(admin);
  pendingAdmins.add(admin);
  return admin as PendingAdmin;
}

/** For the second step's routes: the half-signed-in admin, or a 401 that also clears any session cookie. */
export async function requirePendingAdmin(request: RequestLike, purpose?: PendingPurpose): Promise<PendingAdmin> {
  const pending = await readPendingAdmin(request, purpose);
  if (!pending) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  return pending;
}

/**
 * Completes a sign-in: the half-signed-in row is marked used, `spend` checks and spends the second factor, and
 * the session starts, all in one transaction, so one cookie starts one session at most and of two second steps
 * at once only the winner's factor is spent (the loser waits on the row, finds it used, and rolls back). Returns
 * the session's id.
 */
export async function completeSignIn(
  pending: PendingAdmin,
  method: SignInMethod,
  spend?: (tx: Tx) => Promise<void>,
): Promise<string> {
  if (!isPendingAdmin(pending)) throw new HttpError(401, SECOND_STEP_EXPIRED);
  return startAdminSession(
    pending,
    { ip: pending.ip, userAgent: pending.userAgent },
    {
      method,
      consume: async (tx) => {
        const { count } = await tx.adminAuthChallenge.updateMany({
          where: { id: pending.pendingId, usedAt: null, expiresAt: { gt: new Date() } },
          data: { usedAt: new Date() },
        });
        if (count !== 1) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
        await spend?.(tx);
      },
    },
  );
}
