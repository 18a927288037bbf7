import { requireAdmin } from "@/lib/auth/guard";
import { createCsvStream, csvStreamFromCopy, type CsvOutcome } from "@/lib/csv";
import { copyWaitlistCsv, readWaitlistBatches, recordWaitlistExport, WAITLIST_CSV_HEADER, waitlistCsvRecord } from "@/lib/data/waitlist-admin";
import { fieldErrors, HttpError, route } from "@/lib/http";
import { enforceRateLimits } from "@/lib/rate-limit";
import { queryErrorMessage, queryParamsOf, waitlistExportQuerySchema } from "@/lib/validation/waitlist-query";

// A full export reads the whole table: generous for people, a ceiling for a runaway script.
const EXPORT_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

async function* csvBatches(batches: ReturnType<typeof readWaitlistBatches>) {
  try {
    for await (const entries of batches) yield entries.map(waitlistCsvRecord);
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
export const GET = route(async (request) => {
  const admin = await requireAdmin(request);
  const parsed = waitlistExportQuerySchema.safeParse(queryParamsOf(request.url));
  if (!parsed.success) throw new HttpError(400, queryErrorMessage(parsed.error), { errors: fieldErrors(parsed.error) });
  await enforceRateLimits(
    [{ key: `waitlist-export:admin:${admin.id}`, ...EXPORT_LIMIT }],
    "Too many exports in a short time. Please wait a few minutes and try again.",
  );

  // PostgreSQL writes the CSV itself; the embedded database is read in keyset batches.
  const copy = await copyWaitlistCsv(admin, parsed.data);
  const onEnd = (outcome: CsvOutcome) => recordWaitlistExport(admin, parsed.data, outcome);
  const stream = copy
    ? csvStreamFromCopy(WAITLIST_CSV_HEADER, copy, onEnd)
    : await createCsvStream({ header: WAITLIST_CSV_HEADER, batches: csvBatches(readWaitlistBatches(admin, parsed.data)), onEnd });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="waitlist_entries.csv"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
