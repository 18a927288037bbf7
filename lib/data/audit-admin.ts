import "server-only";

import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit, recordViewHourly } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditQuery } from "@/lib/validation/audit";

/** One entry of the audit log as the admin area shows it. */
export interface AuditEntry {
  id: string;
  at: Date;
  adminId: number | null;
  adminEmail: string | null;
  action: AuditAction;
  target: string | null;
  ip: string | null;
  details: Prisma.JsonValue;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filters as a where clause: days are whole UTC days, `to` included. */
function whereOf(query: AuditQuery): Prisma.AuditLogWhereInput {
  const at: Prisma.DateTimeFilter = {};
  if (query.from) at.gte = new Date(`${query.from}T00:00:00Z`);
  if (query.to) at.lt = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  return {
    ...(query.admin ? { adminId: query.admin } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.from || query.to ? { at } : {}),
  };
}

const ORDER: Prisma.AuditLogOrderByWithRelationInput[] = [{ at: "desc" }, { id: "desc" }];

const toEntry = (row: {
  id: bigint;
  at: Date;
  adminId: number | null;
  adminEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  details: Prisma.JsonValue;
}): AuditEntry => ({
  ...row,
  id: String(row.id),
  action: row.action as AuditAction,
});

/** One page of the log, newest first, with the number of entries matching the filters. */
export async function listAuditEntries(actor: VerifiedAdmin, query: AuditQuery): Promise<AuditPage> {
  assertVerifiedAdmin(actor);
  const db = getDb();
  const where = whereOf(query);
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({ where, orderBy: ORDER, skip: (query.page - 1) * AUDIT_PAGE_SIZE, take: AUDIT_PAGE_SIZE }),
    db.auditLog.count({ where }),
    recordViewHourly(db, auditActorOf(actor), "audit.view"),
  ]);
  return { entries: rows.map(toEntry), total, page: query.page, pageSize: AUDIT_PAGE_SIZE };
}

/** Everyone who appears in the log or can sign in, for the page's "who" filter. */
export async function listAuditAdmins(actor: VerifiedAdmin): Promise<{ id: number; name: string; email: string }[]> {
  assertVerifiedAdmin(actor);
  return getDb().adminUser.findMany({
    select: { id: true, name: true, email: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

const EXPORT_BATCH = 1_000;

/**
 * Every entry matching the filters, newest first, in batches read one at a time (keyset on time and id,
 * so each batch costs the same however deep into the log it is).
 */
export function readAuditBatches(actor: VerifiedAdmin, query: AuditQuery): AsyncGenerator<AuditEntry[]> {
  // Checked here, before the generator runs, so a refused role fails at once with its 403.
  assertAdminCan(actor, "exportAudit");
  return auditBatchesOf(query);
}

async function* auditBatchesOf(query: AuditQuery): AsyncGenerator<AuditEntry[]> {
  const where = whereOf(query);
  let after: { at: Date; id: bigint } | null = null;
  for (;;) {
    const page: Prisma.AuditLogWhereInput = after
      ? { AND: [where, { OR: [{ at: { lt: after.at } }, { at: after.at, id: { lt: after.id } }] }] }
      : where;
    const rows = await getDb().auditLog.findMany({ where: page, orderBy: ORDER, take: EXPORT_BATCH });
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

export const AUDIT_CSV_HEADER = ["Time (UTC)", "Admin", "Action", "Target", "IP address", "Details"] as const;

/** One CSV record of an entry. */
export function auditCsvRecord(entry: AuditEntry): string[] {
  return [
    entry.at.toISOString(),
    entry.adminEmail ?? "",
    AUDIT_ACTIONS[entry.action] ?? entry.action,
    entry.target ?? "",
    entry.ip ?? "",
    entry.details === null ? "" : JSON.stringify(entry.details),
  ];
}

/** Records an export of the log (with its filters and how many entries went out) once its download has ended. */
export function recordAuditExport(
  actor: VerifiedAdmin,
  query: AuditQuery,
  outcome: { records: number; completed: boolean },
): void {
  assertAdminCan(actor, "exportAudit");
  const { page: _page, ...filters } = query;
  recordAudit(getDb(), auditActorOf(actor), {
    action: "audit.export",
    details: { filters, rows: outcome.records, completed: outcome.completed },
  }).catch((error: unknown) => console.error("[audit] could not record an audit log export:", error));
}
