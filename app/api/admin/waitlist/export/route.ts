import { adminRoute } from "@/lib/auth/admin-route";
import { assertAdminCan } from "@/lib/auth/verified";
import { createCsvStream, csvStreamFromCopy, type CsvOutcome } from "@/lib/csv";
import { csvColumnsOf } from "@/lib/data/waitlist/columns";
import {
  copyWaitlistCsv,
  readWaitlistBatches,
  recordWaitlistExport,
  waitlistCsvRecord,
} from "@/lib/data/waitlist/export";
import { readQuery } from "@/lib/http";
import { enforceRateLimits, peekRateLimit, tooManyRequests, type RateLimitRule } from "@/lib/rate-limit";
import { WAITLIST_EXPORT_FILE_NAME, waitlistExportQuerySchema } from "@/lib/validation/waitlist-query";

// A full export reads the whole table: generous for people, a ceiling for a runaway script.
const EXPORT_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };
const TOO_MANY_EXPORTS = "Too many exports in a short time. Please wait a few minutes and try again.";

const exportRule = (adminId: number): RateLimitRule => ({ key: `waitlist-export:admin:${adminId}`, ...EXPORT_LIMIT });

/**
 * Would an export with these parameters be accepted now? The same checks as GET (session, parameters,
 * rate limit) with no body and nothing counted. The admin page asks this first, so it can report a
 * refusal in a toast, then lets the browser download the file straight to disk.
 */
export const HEAD = adminRoute({}, async ({ request, admin }) => {
  // The same refusal the export itself gives a role that may not export (the data layer's, in lib/data).
  assertAdminCan(admin, "export");
  readQuery(request, waitlistExportQuerySchema);
  const state = await peekRateLimit(exportRule(admin.id));
  if (!state.allowed) throw tooManyRequests(state, TOO_MANY_EXPORTS);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

async function* csvBatches(batches: ReturnType<typeof readWaitlistBatches>, columns: ReturnType<typeof csvColumnsOf>) {
  try {
    for await (const entries of batches) yield entries.map((entry) => waitlistCsvRecord(entry, columns));
  } catch (error) {
    // Past the first batch the 200 is already sent: the client sees a cut-off download, the log says why.
    console.error("[export] the waitlist export stopped part-way:", error);
    throw error;
  }
}

/**
 * Streams every waitlist entry (or those matching `q`) as CSV, in the list's order (`sort`), only as fast
 * as the client consumes it, so memory stays flat at any table size. The audit log records each export
 * when its download ends.
 */
export const GET = adminRoute({}, async ({ request, admin }) => {
  const query = readQuery(request, waitlistExportQuerySchema);
  await enforceRateLimits([exportRule(admin.id)], TOO_MANY_EXPORTS);

  // PostgreSQL writes the CSV itself; the embedded database is read in keyset batches.
  const copy = await copyWaitlistCsv(admin, query);
  const onEnd = (outcome: CsvOutcome) => recordWaitlistExport(admin, query, outcome);
  // The team's notes only when the export was asked for them (a tick box beside the button).
  const columns = csvColumnsOf({ notes: query.notes === "yes" });
  const header = columns.map((descriptor) => descriptor.csv!);
  const stream = copy
    ? csvStreamFromCopy(header, copy, onEnd)
    : await createCsvStream({
        header,
        batches: csvBatches(readWaitlistBatches(admin, query), columns),
        onEnd,
      });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${WAITLIST_EXPORT_FILE_NAME}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
