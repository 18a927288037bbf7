import "server-only";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { forgetCachedPlaces } from "@/lib/data/waitlist/line";
import { forgetCachedWaitlistCount, queueConfirmationSql } from "@/lib/data/waitlist/signups";
import { suppressionHashes } from "@/lib/data/waitlist/suppression";
import { getDb, type Tx } from "@/lib/db";
import { HttpError } from "@/lib/http";
import { isDisposableEmail } from "@/lib/validation/disposable-email";
import {
  checkImportRow,
  IMPORT_CONSENT_STATEMENT,
  type ImportCounts,
  type ImportEntry,
  type ImportRow,
} from "@/lib/validation/import";
import { IMPORT_SOURCE } from "@/lib/validation/waitlist";

// Importing an existing list (the admin's /admin/import page sends the file in batches of at most 5,000 rows).
// Imported people keep their own signup time (and consent time: when they agreed, in the old tool) and are
// confirmed only when the file says when they confirmed. Their source is "import" unless the file has a source
// column of its own; a row with no team size is stored as "Not given". They are never held, get no new-signup alert and no
// per-entry webhook (the insert runs with otto.importing set, which the webhook trigger honours), and no
// email unless the admin asks for confirmation emails. Anyone on the suppression list (they left, or an admin
// deleted them with "never import again") is skipped. The whole import is one audit entry and one
// waitlist.imported webhook event, written when it finishes or is stopped.

/** How many problem rows a batch's answer lists, for the page to show: enough to see what is wrong. */
const PROBLEMS_LISTED = 100;

export interface ImportBatchResult extends ImportCounts {
  /** Rows that cannot be imported, with why (the first PROBLEMS_LISTED). */
  problems: { line: number; errors: string[] }[];
}

interface Classified {
  valid: ImportEntry[];
  invalid: number;
  problems: ImportBatchResult["problems"];
  /** Rows repeating an address earlier in the same batch: the first one counts, the others are already in. */
  repeats: number;
}

function classify(rows: ImportRow[], now: Date): Classified {
  const valid: ImportEntry[] = [];
  const problems: Classified["problems"] = [];
  const seen = new Set<string>();
  let invalid = 0;
  let repeats = 0;
  for (const row of rows) {
    const result = checkImportRow(row, now, isDisposableEmail);
    if (!result.ok) {
      invalid += 1;
      if (problems.length < PROBLEMS_LISTED) problems.push({ line: result.line, errors: result.errors });
    } else if (seen.has(result.entry.email)) {
      repeats += 1;
    } else {
      seen.add(result.entry.email);
      valid.push(result.entry);
    }
  }
  return { valid, invalid, problems, repeats };
}

/** An address's suppression keys, as the import's statement reads them (suppressionHashes). */
function hashesOf(email: string): { hash: string; earlierHash: string } {
  const [hash, earlierHash] = suppressionHashes(email);
  return { hash, earlierHash };
}

/** The entries whose address is on the suppression list, and the others. */
async function splitSuppressed(db: Tx | ReturnType<typeof getDb>, entries: ImportEntry[]) {
  if (entries.length === 0) return { kept: entries, suppressed: 0 };
  const hashes = entries.map((entry) => suppressionHashes(entry.email));
  const found = await db.$queryRaw<{ hash: string }[]>`
    SELECT "hash" FROM "waitlist_suppressions" WHERE "hash" = ANY(${hashes.flat()}::text[])`;
  if (found.length === 0) return { kept: entries, suppressed: 0 };
  const suppressed = new Set(found.map((row) => row.hash));
  const kept = entries.filter((_, index) => !hashes[index]!.some((hash) => suppressed.has(hash)));
  return { kept, suppressed: entries.length - kept.length };
}

/**
 * A dry run of one batch: what importing it now would do (new, already on the list, invalid, suppressed),
 * with nothing stored.
 */
export async function dryRunImportBatch(
  actor: VerifiedAdmin,
  rows: ImportRow[],
  now = new Date(),
): Promise<ImportBatchResult> {
  // Importing is for an admin with full rights only.
  assertAdminCan(actor, "import");
  const { valid, invalid, problems, repeats } = classify(rows, now);
  const db = getDb();
  const { kept, suppressed } = await splitSuppressed(db, valid);
  const emails = kept.map((entry) => entry.email);
  const existing =
    emails.length === 0
      ? 0
      : (
          await db.$queryRaw<{ count: number }[]>`
            SELECT count(*)::int AS "count" FROM "waitlist" WHERE "email" = ANY(${emails}::text[])`
        )[0]!.count;
  return { added: kept.length - existing, existing: existing + repeats, invalid, suppressed, problems };
}

/**
 * Which of these addresses (as a file spells them: trimmed and lower-cased here) are already on the list: the
 * preview marks those rows before any dry run. Nothing is stored.
 */
export async function emailsOnList(actor: VerifiedAdmin, emails: string[]): Promise<string[]> {
  // Importing is for an admin with full rights only.
  assertAdminCan(actor, "import");
  const folded = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (folded.length === 0) return [];
  const rows = await getDb().$queryRaw<{ email: string }[]>`
    SELECT "email" FROM "waitlist" WHERE "email" = ANY(${folded}::text[]) ORDER BY "email"`;
  return rows.map((row) => row.email);
}

/** How long one batch's transaction may take: 5,000 rows, and as many confirmation emails when asked for. */
const BATCH_TIMEOUT_MS = 120_000;

/**
 * Imports one batch (numbered from 0 within its import). Set-based: one INSERT ... SELECT over the batch's rows,
 * `ON CONFLICT ("email") DO NOTHING`, so an address already on the list keeps its entry untouched and two
 * imports at once can never make a duplicate (the unique email index decides). The batch is recorded with its
 * counts in the same transaction: the same batch sent again (a retry after a lost answer) changes nothing and
 * answers with the counts of the first time, so the totals stay honest.
 *
 * With `sendConfirmations`, each new entry that is not confirmed is queued its confirmation email through the
 * outbox, in the same transaction (returned as outbox ids, to send at once).
 */
export async function importBatch(
  actor: VerifiedAdmin,
  input: { importId: string; batch: number; rows: ImportRow[]; sendConfirmations: boolean },
  now = new Date(),
): Promise<ImportBatchResult & { outboxIds: number[]; repeated: boolean }> {
  // Importing is for an admin with full rights only.
  assertAdminCan(actor, "import");
  const { valid, invalid, problems, repeats } = classify(input.rows, now);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await getDb().$transaction(
        (tx) => importInTransaction(tx, actor, input, { valid, invalid, problems, repeats }, now),
        { timeout: BATCH_TIMEOUT_MS, maxWait: 30_000 },
      );
      if (result.added > 0) {
        forgetCachedWaitlistCount();
        forgetCachedPlaces();
      }
      return result;
    } catch (error) {
      // Two imports at once with the same addresses in another order can deadlock on the email index; the
      // database undoes one, which is simply run again.
      if (attempt < 3 && isRetryable(error)) continue;
      throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return /40P01|40001|deadlock|could not serialize/i.test(text);
}

async function importInTransaction(
  tx: Tx,
  actor: VerifiedAdmin,
  input: { importId: string; batch: number; sendConfirmations: boolean },
  { valid, invalid, problems, repeats }: Classified,
  now: Date,
): Promise<ImportBatchResult & { outboxIds: number[]; repeated: boolean }> {
  // Batches of one import share this lock and its finish takes it alone: a batch still running when the page
  // gives up on it and finishes is either counted in the finish, or refused as coming after it.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${input.importId}::text))`;
  const finished = await tx.waitlistImport.findUnique({ where: { id: input.importId }, select: { id: true } });
  if (finished) throw new HttpError(409, "This import has already finished. Start a new one to import more.");
  const claimed = await tx.$queryRaw<{ batch: number }[]>`
    INSERT INTO "waitlist_import_batches" ("importId", "batch", "adminId", "added", "existing", "invalid", "suppressed", "confirmations", "at")
    VALUES (${input.importId}::uuid, ${input.batch}::int, ${actor.id}::int, 0, 0, 0, 0, 0, ${now}::timestamptz)
    ON CONFLICT ("importId", "batch") DO NOTHING RETURNING "batch"`;
  if (claimed.length === 0) {
    // Sent before and applied: the counts of that time, and nothing done twice.
    const done = await tx.waitlistImportBatch.findUniqueOrThrow({
      where: { importId_batch: { importId: input.importId, batch: input.batch } },
    });
    return {
      added: done.added,
      existing: done.existing,
      invalid: done.invalid,
      suppressed: done.suppressed,
      problems,
      outboxIds: [],
      repeated: true,
    };
  }

  // This transaction's inserts send no per-entry webhook (prisma/sql/functions/webhooks.sql).
  await tx.$executeRaw`SELECT set_config('otto.importing', 'on', true)`;
  const { kept, suppressed } = await splitSuppressed(tx, valid);
  // Inserted in order of confirmation time (then address, so that two batches take the index's locks in one
  // order): a confirmed entry's number in the line (confirmSeq, given by the insert trigger
  // waitlist_line_on_confirm from a sequence, row by row as the rows arrive) then follows the order in which
  // people confirmed in the old tool. The page sends the whole file sorted the same way, so the order holds
  // across batches too; everyone imported still comes after the people already in line here.
  const inserted =
    kept.length === 0
      ? []
      : await tx.$queryRaw<{ id: number; email: string; name: string; confirmed: boolean }[]>`
          -- Every imported row's origin is "import": its source, unless the file's own source column gave one.
          INSERT INTO "waitlist" ("name", "email", "businessType", "businessDescription", "employees", "joinedAt", "consentedAt", "confirmedAt",
                                  "utmSource", "utmMedium", "utmCampaign", "referrer", "origin")
          SELECT r."name", r."email", r."businessType", r."businessDescription", r."employees", r."joinedAt", r."joinedAt", r."confirmedAt",
                 r."utmSource", r."utmMedium", r."utmCampaign", r."referrer", ${IMPORT_SOURCE}::text
          FROM jsonb_to_recordset(${JSON.stringify(kept.map((entry) => ({ ...entry, ...hashesOf(entry.email) })))}::jsonb) AS r(
            "name" text, "email" text, "businessType" text, "businessDescription" text, "employees" text, "joinedAt" timestamptz,
            "confirmedAt" timestamptz, "utmSource" text, "utmMedium" text, "utmCampaign" text, "referrer" text, "hash" text, "earlierHash" text)
          -- Checked again here: someone who left since the check above is not brought back either.
          WHERE NOT EXISTS (SELECT 1 FROM "waitlist_suppressions" AS s WHERE s."hash" IN (r."hash", r."earlierHash"))
          ORDER BY r."confirmedAt" NULLS LAST, r."email"
          ON CONFLICT ("email") DO NOTHING
          RETURNING "id", "email", "name", "confirmedAt" IS NOT NULL AS "confirmed"`;

  // The file's tags, on the entries this batch added (an entry already on the list keeps its own, as it keeps its
  // other fields). No tag events: the import's one summary event says what it brought.
  const tagsByEmail = new Map(kept.map((entry) => [entry.email, entry.tags]));
  const tagged = inserted.flatMap((entry) =>
    (tagsByEmail.get(entry.email) ?? []).map((tag) => [entry.id, tag] as const),
  );
  if (tagged.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "waitlist_tags" ("entryId", "tag", "createdAt")
      SELECT t."id", t."tag", ${now}::timestamptz
        FROM unnest(${tagged.map(([id]) => id)}::int[], ${tagged.map(([, tag]) => tag)}::text[]) AS t("id", "tag")
      ON CONFLICT DO NOTHING`;
  }

  const outboxIds: number[] = [];
  if (input.sendConfirmations) {
    for (const entry of inserted) {
      if (entry.confirmed) continue;
      const fields = { name: null, email: entry.email, businessType: null, employees: null, releaseAlerts: false };
      const rows = await tx.$queryRaw<{ id: number | null }[]>(queueConfirmationSql(false, fields, now, now));
      if (rows[0]?.id) outboxIds.push(rows[0].id);
    }
  }
  const counts = {
    added: inserted.length,
    existing: kept.length - inserted.length + repeats,
    invalid,
    suppressed,
  };
  await tx.waitlistImportBatch.update({
    where: { importId_batch: { importId: input.importId, batch: input.batch } },
    data: { ...counts, confirmations: outboxIds.length },
  });
  return { ...counts, problems, outboxIds, repeated: false };
}

export interface ImportTotals extends ImportCounts {
  batches: number;
  repeated: number;
  confirmationsQueued: number;
  stopped: boolean;
}

/**
 * Ends an import (its last batch is in, or the admin pressed Stop): one audit entry with the admin's statement
 * that these people agreed to hear from us and the import's counts (the batches' own, added up), and one
 * waitlist.imported webhook event with the same counts. Written once: finishing again answers the totals
 * and records nothing more.
 */
export async function finishImport(
  actor: VerifiedAdmin,
  input: { importId: string; stopped: boolean; repeated: number; sendConfirmations: boolean; fileName?: string },
  now = new Date(),
): Promise<ImportTotals & { recorded: boolean }> {
  // Importing is for an admin with full rights only.
  assertAdminCan(actor, "import");
  return getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${input.importId}::text))`;
    const first = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "waitlist_imports" ("id", "adminId", "finishedAt") VALUES (${input.importId}::uuid, ${actor.id}::int, ${now}::timestamptz)
      ON CONFLICT ("id") DO NOTHING RETURNING "id"`;
    const [sums] = await tx.$queryRaw<
      { batches: number; added: number; existing: number; invalid: number; suppressed: number; confirmations: number }[]
    >`
      SELECT count(*)::int AS "batches", COALESCE(sum("added"), 0)::int AS "added", COALESCE(sum("existing"), 0)::int AS "existing",
             COALESCE(sum("invalid"), 0)::int AS "invalid", COALESCE(sum("suppressed"), 0)::int AS "suppressed",
             COALESCE(sum("confirmations"), 0)::int AS "confirmations"
      FROM "waitlist_import_batches" WHERE "importId" = ${input.importId}::uuid`;
    const totals: ImportTotals = {
      batches: sums!.batches,
      added: sums!.added,
      existing: sums!.existing,
      invalid: sums!.invalid,
      suppressed: sums!.suppressed,
      repeated: input.repeated,
      confirmationsQueued: sums!.confirmations,
      stopped: input.stopped,
    };
    if (first.length === 0) return { ...totals, recorded: false };
    await recordAudit(tx, auditActorOf(actor), {
      action: "waitlist.import",
      target: `import:${input.importId}`,
      details: {
        consent: IMPORT_CONSENT_STATEMENT,
        ...(input.fileName ? { file: input.fileName } : {}),
        added: totals.added,
        existing: totals.existing,
        invalid: totals.invalid,
        suppressed: totals.suppressed,
        repeatedInFile: totals.repeated,
        sendConfirmations: input.sendConfirmations,
        confirmationsQueued: totals.confirmationsQueued,
        stopped: totals.stopped,
        batches: totals.batches,
      },
    });
    const data = {
      added: totals.added,
      existing: totals.existing,
      invalid: totals.invalid,
      suppressed: totals.suppressed,
      stopped: totals.stopped,
    };
    // One event for the whole import (a receiver hears nothing per imported entry), to every webhook.
    await tx.$executeRaw`SELECT "webhook_queue"(jsonb_build_array(jsonb_build_object(
      'event', 'waitlist.imported', 'entryId', NULL, 'data', ${JSON.stringify(data)}::jsonb)))`;
    return { ...totals, recorded: true };
  });
}
