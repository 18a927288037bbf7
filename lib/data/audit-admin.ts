import "server-only";

import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit, recordViewHourly } from "@/lib/data/audit";
import { describeDevice } from "@/lib/data/sessions";
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

/** What an entry acted on, as the Audit Log page names it: words, and where to see it when it still exists. */
export interface AuditTargetLabel {
  text: string;
  /** An admin's email address, shown beside their name. */
  email?: string;
  href?: string;
}

/** A target's kind and id (`entry:12` is ["entry", "12"]). */
function splitTarget(target: string): [string, string] {
  const at = target.indexOf(":");
  return at < 0 ? [target, ""] : [target.slice(0, at), target.slice(at + 1)];
}

const positiveIds = (ids: string[]) =>
  ids.filter((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647).map(Number);

/**
 * The targets of a page of the log as readable things: "Rosa Nowak" (an entry, linked), "Ada Admin" (an admin,
 * with their address), "Session from Chrome on Linux", "Webhook to hooks.example.com", each looked up in one
 * query per kind. What has gone since (an entry deleted, a session pruned) is named by its kind alone.
 */
export async function describeAuditTargets(
  actor: VerifiedAdmin,
  entries: Pick<AuditEntry, "target">[],
): Promise<Map<string, AuditTargetLabel>> {
  assertVerifiedAdmin(actor);
  const byKind = new Map<string, string[]>();
  for (const { target } of entries) {
    if (!target) continue;
    const [kind, id] = splitTarget(target);
    byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  const db = getDb();
  const adminIds = positiveIds(byKind.get("admin") ?? []);
  const entryIds = positiveIds(byKind.get("entry") ?? []);
  const webhookIds = positiveIds(byKind.get("webhook") ?? []);
  // A session is named in the log by the first characters of its id, which are enough to find it while it lasts.
  const sessionLabels = [...new Set(byKind.get("session") ?? [])].filter((label) => /^[\w-]{8}$/.test(label));
  const [admins, waitlist, webhooks, sessions] = await Promise.all([
    adminIds.length
      ? db.adminUser.findMany({ where: { id: { in: adminIds } }, select: { id: true, name: true, email: true } })
      : [],
    entryIds.length
      ? db.waitlistEntry.findMany({ where: { id: { in: entryIds } }, select: { id: true, name: true } })
      : [],
    webhookIds.length
      ? db.webhook.findMany({ where: { id: { in: webhookIds } }, select: { id: true, url: true } })
      : [],
    sessionLabels.length
      ? db.adminSession.findMany({
          where: { OR: sessionLabels.map((label) => ({ id: { startsWith: label } })) },
          select: { id: true, userAgent: true },
        })
      : [],
  ]);
  const labels = new Map<string, AuditTargetLabel>();
  for (const admin of admins) labels.set(`admin:${admin.id}`, { text: admin.name, email: admin.email });
  for (const entry of waitlist)
    labels.set(`entry:${entry.id}`, { text: entry.name, href: `/admin/waitlist/${entry.id}` });
  for (const webhook of webhooks)
    labels.set(`webhook:${webhook.id}`, { text: `Webhook to ${webhookHost(webhook.url)}` });
  for (const session of sessions)
    labels.set(`session:${session.id.slice(0, 8)}`, { text: `Session from ${describeDevice(session.userAgent)}` });
  for (const { target } of entries) {
    if (!target || labels.has(target)) continue;
    labels.set(target, { text: GONE[splitTarget(target)[0]] ?? target });
  }
  return labels;
}

function webhookHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

// What a target is called once it cannot be looked up: deleted, pruned, or never kept.
const GONE: Record<string, string> = {
  admin: "An admin",
  entry: "A waitlist entry, since deleted",
  session: "A session",
  webhook: "A webhook, since removed",
  import: "An import of a list",
};

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
