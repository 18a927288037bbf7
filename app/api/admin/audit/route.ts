import { adminRoute } from "@/lib/auth/admin-route";
import { listAuditEntries } from "@/lib/data/audit-admin";
import { json } from "@/lib/http";
import { auditQuerySchema } from "@/lib/validation/audit";

/**
 * One page of the audit log, newest first: `?admin=&action=&from=&to=&page=` →
 * `{ entries: [{ id, at, adminId, adminEmail, action, target, ip, details }], total, page, pageSize }`.
 */
export const GET = adminRoute({ query: auditQuerySchema }, async ({ admin, query }) => {
  const page = await listAuditEntries(admin, query);
  return json({ ...page, entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })) });
});
