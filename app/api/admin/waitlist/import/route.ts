import { adminRoute } from "@/lib/auth/admin-route";
import { dryRunImportBatch, emailsOnList, finishImport, importBatch } from "@/lib/data/waitlist/import";
import { json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { IMPORT_MAX_BYTES, importRequestSchema } from "@/lib/validation/import";

/**
 * Importing a list, in batches of at most 5,000 rows (lib/validation/import.ts importRequestSchema):
 * - `{ action: "dry-run", rows }` → `{ added, existing, invalid, suppressed, problems }`, nothing stored;
 * - `{ action: "on-list", emails }` → `{ onList }`: the preview's addresses already on the list;
 * - `{ action: "import", importId, batch, rows, consent: true, sendConfirmations }` → the same counts for the
 *   batch (sent again, it is applied once and answers the first time's counts);
 * - `{ action: "finish", importId, consent: true, sendConfirmations, stopped, repeated }` → the import's totals,
 *   and its one audit entry and waitlist.imported webhook event.
 */
export const POST = adminRoute(
  { body: importRequestSchema, bodyMessage: "The import request is not valid.", maxBytes: IMPORT_MAX_BYTES },
  async ({ admin, body }) => {
    switch (body.action) {
      case "dry-run":
        return json(await dryRunImportBatch(admin, body.rows));
      case "on-list":
        return json({ onList: await emailsOnList(admin, body.emails) });
      case "import": {
        const { outboxIds, ...result } = await importBatch(admin, body);
        sendSoon(outboxIds);
        return json(result);
      }
      case "finish":
        return json(await finishImport(admin, body));
    }
  },
);
