import "server-only";

import type { Db, Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction } from "@/lib/validation/audit";

export { AUDIT_ACTIONS, type AuditAction } from "@/lib/validation/audit";

/** Who acted: an admin's id and email, and the address the request came from. */
export interface AuditActor {
  id: number | null;
  email: string | null;
  ip: string | null;
}

export interface AuditEntryInput {
  action: AuditAction;
  /** What was acted on, as `kind:id` (`admin:3`, `session:…`), when it is not the actor themselves. */
  target?: string | null;
  details?: Prisma.InputJsonObject;
}

/**
 * Appends one entry. Pass the transaction of the action it records, so the log never claims something
 * that did not happen.
 */
export async function recordAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await db.auditLog.create({
    data: {
      adminId: actor.id,
      adminEmail: actor.email,
      ip: actor.ip,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details,
    },
    select: { id: true },
  });
}

/**
 * An audit entry written by the statement that does the action, as one of its CTEs: an INSERT … SELECT over
 * `from` (`FROM erased`, with a WHERE or HAVING of its own), so the entry exists exactly when the action
 * touched something. `target` and `details` are SQL over those rows; `at` defaults to the transaction's time.
 */
export function auditInsertSql(
  actor: AuditActor,
  action: AuditAction,
  parts: { from: Prisma.Sql; target?: Prisma.Sql; details?: Prisma.Sql; at?: Date },
): Prisma.Sql {
  const target = parts.target ?? Prisma.sql`NULL`;
  const details = parts.details ?? Prisma.sql`NULL`;
  const at = parts.at ? Prisma.sql`${parts.at}::timestamptz` : Prisma.sql`CURRENT_TIMESTAMP`;
  return Prisma.sql`INSERT INTO "audit_log" ("adminId", "adminEmail", "ip", "action", "target", "details", "at")
    SELECT ${actor.id}::int, ${actor.email}::text, ${actor.ip}::text, ${action}::text, (${target})::text, (${details})::jsonb, ${at}
    ${parts.from}`;
}

/**
 * Records a view of personal data at most once per admin per hour: the log should say who looked at the
 * list, not grow by a row per page turn. Two views in the same instant may both write; that is harmless.
 */
export async function recordViewHourly(
  db: Db,
  actor: AuditActor,
  action: "waitlist.view" | "audit.view",
  details?: Prisma.InputJsonObject,
): Promise<void> {
  const since = new Date(Date.now() - 60 * 60 * 1000);
  const recent = await db.auditLog.findFirst({
    where: { adminId: actor.id, action, at: { gte: since } },
    select: { id: true },
  });
  if (!recent) await recordAudit(db, actor, { action, details });
}

/** Deletes entries older than the retention period; returns how many went. */
export async function pruneAuditLog(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const { count } = await db.auditLog.deleteMany({ where: { at: { lt: cutoff } } });
  return count;
}
