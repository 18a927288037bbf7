import { requireAdmin } from "@/lib/auth/guard";
import { listAuditEntries } from "@/lib/data/audit-admin";
import { json, readQuery, route } from "@/lib/http";
import { auditQuerySchema } from "@/lib/validation/audit";

/**
 * One page of the audit log, newest first: `?admin=&action=&from=&to=&page=` →
 * `{ entries: [{ id, at, adminId, adminEmail, action, target, ip, details }], total, page, pageSize }`.
 */
export const GET = route(async (request) => {
  const admin = await requireAdmin(request);
  const page = await listAuditEntries(admin, readQuery(request, auditQuerySchema));
  return json({ ...page, entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })) });
});
