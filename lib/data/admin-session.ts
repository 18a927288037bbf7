import "server-only";

import { randomBytes } from "node:crypto";

import { recordAudit } from "@/lib/data/audit";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";

// The session store: what a session check needs from the database. It sits apart from lib/data/admins.ts
// and lib/data/sessions.ts because lib/auth/verified.ts (the session check) uses it and both of those use
// lib/auth/verified.ts: keeping them in one file would make an import cycle.

/** The columns of an admin that may leave the server: never the password hash. */
export const publicAdminSelect = { id: true, name: true, email: true, isActive: true, createdAt: true } as const;

export interface PublicAdmin {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: Date;
}

/** The device a session was started from, as the sign-in request told it. */
export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

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
 * Starts a session for an admin who has just proved their password, and records the sign-in in the
 * same transaction. Returns the new session's id, which the session cookie carries.
 */
export async function startAdminSession(admin: { id: number; email: string }, client: SessionClient): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await getDb().$transaction(async (tx) => {
    await tx.adminSession.create({
      data: {
        id,
        adminId: admin.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: sessionTimes(now).expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      },
      select: { id: true },
    });
    await recordAudit(tx, { id: admin.id, email: admin.email, ip: client.ip }, { action: "auth.sign_in", target: `session:${sessionLabel(id)}` });
  });
  return id;
}

/** A short, stable name for a session in the audit log: enough to tell sessions apart, useless as a key. */
export function sessionLabel(sessionId: string): string {
  return sessionId.slice(0, 8);
}

interface SessionRow extends PublicAdmin {
  lastSeenAt: Date;
}

/**
 * The admin a session belongs to, if the session is neither revoked, idle past the timeout nor past its
 * absolute end, and the admin is still active: one query over both tables. Moves the session's last-seen
 * time forward when it is more than a minute old.
 */
export async function findSessionAdmin(adminId: number, sessionId: string): Promise<PublicAdmin | null> {
  const now = new Date();
  const { idleSince } = sessionTimes(now);
  const db = getDb();
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT a."id", a."name", a."email", a."isActive", a."createdAt", s."lastSeenAt"
    FROM "admin_sessions" AS s JOIN "admin_users" AS a ON a."id" = s."adminId"
    WHERE s."id" = ${sessionId} AND s."adminId" = ${adminId} AND a."isActive"
      AND s."revokedAt" IS NULL AND s."expiresAt" > ${now} AND s."lastSeenAt" > ${idleSince}`;
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) await touchSession(db, sessionId, now);
  const { lastSeenAt: _seen, ...admin } = row;
  return admin;
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
  return count;
}
