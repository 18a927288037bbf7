import "server-only";

import { randomBytes } from "node:crypto";
import Bowser from "bowser";

import { parseAdminRole } from "@/lib/auth/roles";
import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import type { PublicAdmin } from "@/lib/data/admins";
import { recordAudit } from "@/lib/data/audit";
import { getDb, type Db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { HttpError } from "@/lib/http";
import { SIGN_IN_METHODS, type SignInMethod } from "@/lib/validation/sign-in-methods";

// Admin sessions: the rows a session check reads (start, find, prune) and the Sessions section's view of
// them (list, end, revoke). The session check (lib/auth/session-admin.ts) calls findSessionAdmin; the functions
// below take the admin it verified (assertVerifiedAdmin, from lib/auth/verified.ts, which imports no data).

/** The device a session was started from, as the sign-in request told it. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

// Kept beside the other words of the admin area, where the audit log's page can read them too.
export { SIGN_IN_METHOD_LABELS, SIGN_IN_METHODS, type SignInMethod } from "@/lib/validation/sign-in-methods";

/** The last-seen time moves at most this often, so a busy admin costs one write a minute, not one a request. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

// A user agent is the client's to choose: keep enough to name the device, not a megabyte of it.
const USER_AGENT_MAX_LENGTH = 512;

function sessionTimes(now: Date) {
  const { ADMIN_SESSION_IDLE_MINUTES, ADMIN_SESSION_MAX_HOURS } = env();
  return {
    idleSince: new Date(now.getTime() - ADMIN_SESSION_IDLE_MINUTES * 60_000),
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_MAX_HOURS * 60 * 60_000),
  };
}

/**
 * Starts a session for an admin who has just proved their password (and their second factor, when they have
 * one), and records the sign-in in the same transaction. `consume` runs first in that transaction: the
 * second step marks its single-use token there, so one token never starts two sessions. Returns the new
 * session's id, which the session cookie carries.
 */
export async function startAdminSession(
  admin: { id: number; email: string },
  client: SessionClient,
  { method = "password", consume }: { method?: SignInMethod; consume?: (tx: Tx) => Promise<void> } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await getDb().$transaction(async (tx) => {
    await consume?.(tx);
    await tx.adminSession.create({
      data: {
        id,
        adminId: admin.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: sessionTimes(now).expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        signInMethod: method,
      },
      select: { id: true },
    });
    await recordAudit(
      tx,
      { id: admin.id, email: admin.email, ip: client.ip },
      { action: "auth.sign_in", target: `session:${sessionLabel(id)}`, details: { method } },
    );
  });
  return id;
}

/** A short, stable name for a session in the audit log: enough to tell sessions apart, useless as a key. */
export function sessionLabel(sessionId: string): string {
  return sessionId.slice(0, 8);
}

interface SessionRow extends Omit<PublicAdmin, "role"> {
  role: string;
  lastSeenAt: Date;
}

/**
 * The admin a session belongs to, if the session is neither revoked, idle past the timeout nor past its
 * absolute end, and the admin is still active: one query over both tables, which also reads the admin's role. Moves the session's last-seen
 * time forward when it is more than a minute old. With ADMIN_REQUIRE_SECOND_FACTOR on, an admin without a
 * second factor has no session that counts (one started before the setting, or whose factor was reset): every
 * admin page and API turns them away, and signing in again takes them to set one up.
 */
export async function findSessionAdmin(adminId: number, sessionId: string): Promise<PublicAdmin | null> {
  const now = new Date();
  const { idleSince } = sessionTimes(now);
  const requireSecondFactor = env().ADMIN_REQUIRE_SECOND_FACTOR;
  const db = getDb();
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT a."id", a."name", a."email", a."isActive", a."createdAt", a."role", s."lastSeenAt"
    FROM "admin_sessions" AS s JOIN "admin_users" AS a ON a."id" = s."adminId"
    WHERE s."id" = ${sessionId} AND s."adminId" = ${adminId} AND a."isActive"
      AND s."revokedAt" IS NULL AND s."expiresAt" > ${now} AND s."lastSeenAt" > ${idleSince}
      AND (NOT ${requireSecondFactor}::boolean
        OR EXISTS (SELECT 1 FROM "admin_totp" AS t WHERE t."adminId" = a."id" AND t."confirmedAt" IS NOT NULL)
        OR EXISTS (SELECT 1 FROM "admin_passkeys" AS p WHERE p."adminId" = a."id"))`;
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) await touchSession(db, sessionId, now);
  const { lastSeenAt: _seen, role, ...admin } = row;
  // The column's CHECK allows only the three roles; anything else would be read as the narrowest.
  return { ...admin, role: parseAdminRole(role) ?? "viewer" };
}

async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.adminSession.updateMany({
    where: { id: sessionId, lastSeenAt: { lt: new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS) } },
    data: { lastSeenAt: now },
  });
}

/**
 * Deletes sessions that can no longer be used: revoked, past their end, or idle past the timeout.
 * Returns how many went.
 */
export async function pruneAdminSessions(now = new Date()): Promise<number> {
  const { idleSince } = sessionTimes(now);
  const { count } = await getDb().adminSession.deleteMany({
    where: { OR: [{ revokedAt: { not: null } }, { expiresAt: { lte: now } }, { lastSeenAt: { lte: idleSince } }] },
  });
  // The second step's tokens and passkey challenges live minutes: once lapsed, used or not, none can matter.
  await getDb().adminAuthChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** One of the signed-in admin's own sessions, as the Sessions section lists it. */
export interface AdminSessionSummary {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The browser and system, as "Chrome on macOS", from the user agent the sign-in sent. */
  device: string;
  ip: string | null;
  /** The session of the request asking: "this device". */
  current: boolean;
  /** How the sign-in was completed. */
  signInMethod: SignInMethod;
}

/** "Firefox on Windows", "Safari on iOS"; "Unknown device" when the user agent says nothing useful. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || "Unknown device";
}

/** No live session of this admin has the id asked for: 404. */
export class SessionNotFoundError extends HttpError {
  constructor() {
    super(404, "No active session of yours has this id.");
    this.name = "SessionNotFoundError";
  }
}

function liveSessionWhere(adminId: number, now: Date) {
  const { idleSince } = sessionTimes(now);
  return { adminId, revokedAt: null, expiresAt: { gt: now }, lastSeenAt: { gt: idleSince } };
}

/** The admin's live sessions, this device first, then the most recently active. */
export async function listAdminSessions(actor: VerifiedAdmin): Promise<AdminSessionSummary[]> {
  assertVerifiedAdmin(actor);
  const rows = await getDb().adminSession.findMany({
    where: liveSessionWhere(actor.id, new Date()),
    select: {
      id: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
      userAgent: true,
      ip: true,
      signInMethod: true,
    },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
  });
  const sessions = rows.map(({ userAgent, signInMethod, ...row }) => ({
    ...row,
    signInMethod: (SIGN_IN_METHODS as readonly string[]).includes(signInMethod)
      ? (signInMethod as SignInMethod)
      : "password",
    device: describeDevice(userAgent),
    current: row.id === actor.sessionId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Signs out this device: ends the session of the request, and only that one. */
export async function endCurrentSession(actor: VerifiedAdmin): Promise<void> {
  assertVerifiedAdmin(actor);
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.adminSession.updateMany({
      where: { id: actor.sessionId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    // Two sign-outs racing: the one that ended the session records it.
    if (count === 1)
      await recordAudit(tx, auditActorOf(actor), {
        action: "auth.sign_out",
        target: `session:${sessionLabel(actor.sessionId)}`,
      });
  });
}

/** Ends one of the admin's own sessions (another device's, or this one). */
export async function revokeAdminSession(actor: VerifiedAdmin, sessionId: string): Promise<void> {
  assertVerifiedAdmin(actor);
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.adminSession.updateMany({
      where: { ...liveSessionWhere(actor.id, new Date()), id: sessionId },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw new SessionNotFoundError();
    await recordAudit(tx, auditActorOf(actor), {
      action: "session.revoke",
      target: `session:${sessionLabel(sessionId)}`,
    });
  });
}

/** Ends every session of the admin but this device's; returns how many ended. */
export async function revokeOtherAdminSessions(actor: VerifiedAdmin): Promise<number> {
  assertVerifiedAdmin(actor);
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.adminSession.updateMany({
      where: { adminId: actor.id, revokedAt: null, id: { not: actor.sessionId } },
      data: { revokedAt: new Date() },
    });
    await recordAudit(tx, auditActorOf(actor), { action: "session.revoke_others", details: { ended: count } });
    return count;
  });
}
