import { requireAdmin } from "@/lib/auth/guard";
import { listAuditEntries } from "@/lib/data/audit-admin";
import { fieldErrors, HttpError, json, route } from "@/lib/http";
import { auditQuerySchema } from "@/lib/validation/audit";
import { queryErrorMessage, queryParamsOf } from "@/lib/validation/waitlist-query";

/**
 * One page of the audit log, newest first: `?admin=&action=&from=&to=&page=` →
 * `{ entries: [{ id, at, adminId, adminEmail, action, target, ip, details }], total, page, pageSize }`.
 */
export const GET = route(async (request) => {
  const admin = await requireAdmin(request);
  const parsed = auditQuerySchema.safeParse(queryParamsOf(request.url));
  if (!parsed.success) throw new HttpError(400, queryErrorMessage(parsed.error), { errors: fieldErrors(parsed.error) });
  const page = await listAuditEntries(admin, parsed.data);
  return json({ ...page, entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })) });
});
