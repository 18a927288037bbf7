import "server-only";

import Bowser from "bowser";

import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { sessionLabel } from "@/lib/data/admin-session";
import { recordAudit } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";

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

/** No live session of this admin has the id asked for. */
export class SessionNotFoundError extends Error {
  constructor() {
    super("No active session of yours has this id.");
    this.name = "SessionNotFoundError";
  }
}

function liveSessionWhere(adminId: number, now: Date) {
  const idleSince = new Date(now.getTime() - env().ADMIN_SESSION_IDLE_MINUTES * 60_000);
  return { adminId, revokedAt: null, expiresAt: { gt: now }, lastSeenAt: { gt: idleSince } };
}

/** The admin's live sessions, this device first, then the most recently active. */
export async function listAdminSessions(actor: VerifiedAdmin): Promise<AdminSessionSummary[]> {
  assertVerifiedAdmin(actor);
  const rows = await getDb().adminSession.findMany({
    where: liveSessionWhere(actor.id, new Date()),
    select: { id: true, createdAt: true, lastSeenAt: true, expiresAt: true, userAgent: true, ip: true },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
  });
  const sessions = rows.map(({ userAgent, ...row }) => ({ ...row, device: describeDevice(userAgent), current: row.id === actor.sessionId }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Signs out this device: ends the session of the request, and only that one. */
export async function endCurrentSession(actor: VerifiedAdmin): Promise<void> {
  assertVerifiedAdmin(actor);
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.adminSession.updateMany({ where: { id: actor.sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
    // Two sign-outs racing: the one that ended the session records it.
    if (count === 1) await recordAudit(tx, auditActorOf(actor), { action: "auth.sign_out", target: `session:${sessionLabel(actor.sessionId)}` });
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
    await recordAudit(tx, auditActorOf(actor), { action: "session.revoke", target: `session:${sessionLabel(sessionId)}` });
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
