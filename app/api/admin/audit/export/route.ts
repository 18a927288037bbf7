import { adminRoute } from "@/lib/auth/admin-route";
import { assertAdminCan } from "@/lib/auth/verified";
import { createCsvStream } from "@/lib/csv";
import { AUDIT_CSV_HEADER, auditCsvRecord, readAuditBatches, recordAuditExport } from "@/lib/data/audit-admin";
import { readQuery } from "@/lib/http";
import { auditQuerySchema } from "@/lib/validation/audit";

async function* records(batches: ReturnType<typeof readAuditBatches>) {
  for await (const entries of batches) yield entries.map(auditCsvRecord);
}

/** The audit log (or the entries matching the filters) as CSV, newest first, streamed as the client reads it. */
export const GET = adminRoute({}, async ({ request, admin }) => {
  // Refused before the download starts, as a 403 the page can show, rather than as a broken file.
  assertAdminCan(admin, "exportAudit");
  const query = readQuery(request, auditQuerySchema);
  const stream = await createCsvStream({
    header: AUDIT_CSV_HEADER,
    batches: records(readAuditBatches(admin, query)),
    onEnd: (outcome) => recordAuditExport(admin, query, outcome),
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="audit_log.csv"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
