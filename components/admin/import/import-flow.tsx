"use client";

import Link from "next/link";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";

import { ImportPreview, MappingFields, PREVIEW_ROWS, ProgressBar } from "@/components/admin/import/import-parts";
import { readCsvFile, type CsvFile } from "@/components/admin/import/read-csv";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { adminApi, adminFailureDescription, ApiError } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import {
  detectMapping,
  IMPORT_BATCH_SIZE,
  IMPORT_CONSENT_STATEMENT,
  importRowOf,
  importTimeOf,
  type ImportCounts,
  type ImportMapping,
  type ImportRow,
} from "@/lib/validation/import";

interface BatchAnswer extends ImportCounts {
  problems: { line: number; errors: string[] }[];
}

interface Prepared {
  /** The rows to send, one per address (the first time it appears), sorted by when each person confirmed. */
  rows: ImportRow[];
  /** Rows left out for repeating an address earlier in the file. */
  repeated: number;
}

/**
 * The file's rows as the import sends them. An address that appears twice counts once. Sorted by confirmed
 * time (those never confirmed last, file order otherwise), so that confirmed people take their places in
 * line in the order they confirmed, across every batch.
 */
function prepare(file: CsvFile, mapping: ImportMapping): Prepared {
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  let repeated = 0;
  file.records.forEach((record, index) => {
    const row = importRowOf(record, mapping, index + 2);
    const key = row.email?.trim().toLowerCase();
    if (key && seen.has(key)) {
      repeated += 1;
      return;
    }
    if (key) seen.add(key);
    rows.push(row);
  });
  const now = new Date();
  const confirmedAt = (row: ImportRow) => importTimeOf(row.confirmedAt, now)?.getTime() ?? Number.POSITIVE_INFINITY;
  const keyed = rows.map((row) => ({ row, at: confirmedAt(row) }));
  keyed.sort((a, b) => (a.at === b.at ? a.row.line - b.row.line : a.at < b.at ? -1 : 1));
  return { rows: keyed.map((item) => item.row), repeated };
}

const batchesOf = (rows: ImportRow[]) =>
  Array.from({ length: Math.ceil(rows.length / IMPORT_BATCH_SIZE) }, (_, index) =>
    rows.slice(index * IMPORT_BATCH_SIZE, (index + 1) * IMPORT_BATCH_SIZE),
  );

/** POSTs to the import endpoint, trying again after a lost answer or a server's passing trouble (a batch is applied once however often it is sent). */
async function post<T>(body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await (await adminApi.waitlist.import(body)).json()) as T;
    } catch (error) {
      const passing = !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
      if (!passing || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

const add = (a: ImportCounts, b: ImportCounts): ImportCounts => ({
  added: a.added + b.added,
  existing: a.existing + b.existing,
  invalid: a.invalid + b.invalid,
  suppressed: a.suppressed + b.suppressed,
});
const ZERO: ImportCounts = { added: 0, existing: 0, invalid: 0, suppressed: 0 };

/**
 * The preview's addresses already on the list, asked of the server as soon as the preview shows (before any
 * dry run), and again when the email column changes; null until it answers (or if it cannot).
 */
function usePreviewOnList(file: CsvFile | null, mapping: ImportMapping | null): ReadonlySet<string> | null {
  const emails = useMemo(() => {
    if (!file || !mapping) return [];
    return file.records
      .slice(0, PREVIEW_ROWS)
      .map((record, index) =>
        importRowOf(record, mapping, index + 2)
          .email?.trim()
          .toLowerCase(),
      )
      .filter((email): email is string => Boolean(email));
  }, [file, mapping]);
  const key = emails.join("\n");
  const [answer, setAnswer] = useState<{ key: string; onList: ReadonlySet<string> } | null>(null);
  useEffect(() => {
    if (emails.length === 0) return;
    let current = true;
    adminApi.waitlist
      .import({ action: "on-list", emails })
      .then((response) => response.json() as Promise<{ onList: string[] }>)
      .then((body) => {
        if (current) setAnswer({ key, onList: new Set(body.onList) });
      })
      // Only a mark in the preview: the dry run still counts who is already on the list.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [emails, key]);
  return answer?.key === key ? answer.onList : null;
}

type Phase = "choose" | "reading" | "ready" | "checking" | "checked" | "importing" | "done";

/** The import page: choose a file, check the columns, see a preview, a dry run, then the import itself. */
export function ImportFlow() {
  const id = useId();
  const [phase, setPhase] = useState<Phase>("choose");
  const [fileName, setFileName] = useState("");
  const [file, setFile] = useState<CsvFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<(ImportCounts & { problems: BatchAnswer["problems"] }) | null>(null);
  const [consent, setConsent] = useState(false);
  const [sendConfirmations, setSendConfirmations] = useState(false);
  const [done, setDone] = useState<(ImportCounts & { stopped: boolean; repeated: number }) | null>(null);
  const [stopping, setStopping] = useState(false);
  const stop = useRef(false);

  const prepared = useMemo(() => (file && mapping ? prepare(file, mapping) : null), [file, mapping]);
  const onList = usePreviewOnList(file, mapping);
  const busy = phase === "reading" || phase === "checking" || phase === "importing";

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    setPhase("reading");
    setFileName(chosen.name);
    setProgress(0);
    setChecked(null);
    setDone(null);
    try {
      const read = await readCsvFile(chosen, setProgress);
      setFile(read);
      setMapping(detectMapping(read.header));
      setPhase("ready");
    } catch (error) {
      toast.error("Could not read that file", {
        description: error instanceof Error ? error.message : "Is it a CSV file?",
      });
      setPhase("choose");
    }
  }

  function changeMapping(next: ImportMapping) {
    setMapping(next);
    // The counts were for the old columns.
    setChecked(null);
    if (phase === "checked") setPhase("ready");
  }

  async function dryRun() {
    if (!prepared) return;
    setPhase("checking");
    setProgress(0);
    let counts = ZERO;
    const problems: BatchAnswer["problems"] = [];
    try {
      const batches = batchesOf(prepared.rows);
      for (const [index, rows] of batches.entries()) {
        const answer = await post<BatchAnswer>({ action: "dry-run", rows });
        counts = add(counts, answer);
        problems.push(...answer.problems);
        setProgress((index + 1) / batches.length);
      }
      setChecked({ ...counts, existing: counts.existing, problems: problems.toSorted((a, b) => a.line - b.line) });
      setPhase("checked");
    } catch (error) {
      toast.error("Could not check the file", { description: adminFailureDescription(error) });
      setPhase("ready");
    }
  }

  async function runImport() {
    if (!prepared || !consent) return;
    setPhase("importing");
    setProgress(0);
    stop.current = false;
    setStopping(false);
    const importId = crypto.randomUUID();
    const batches = batchesOf(prepared.rows);
    let failed = false;
    for (const [index, rows] of batches.entries()) {
      if (stop.current) break;
      try {
        await post<BatchAnswer>({ action: "import", importId, batch: index, rows, consent: true, sendConfirmations });
      } catch (error) {
        toast.error("The import stopped", { description: adminFailureDescription(error) });
        failed = true;
        break;
      }
      setProgress((index + 1) / batches.length);
    }
    const stopped = failed || stop.current;
    try {
      // The import's one audit entry: what was done, including when it was stopped part-way.
      const totals = await post<ImportCounts>({
        action: "finish",
        importId,
        consent: true,
        sendConfirmations,
        stopped,
        repeated: prepared.repeated,
        fileName: fileName.slice(0, 255),
      });
      setDone({ ...totals, stopped, repeated: prepared.repeated });
      setPhase("done");
      if (!stopped) toast.success("Import finished", { description: `${formatNumber(totals.added)} added.` });
    } catch (error) {
      toast.error("Could not record the import", { description: adminFailureDescription(error) });
      setPhase("checked");
    }
  }

  return (
    <div className="grid gap-8">
      <section aria-labelledby={`${id}-file`} className="grid gap-3">
        <h2 id={`${id}-file`} className="text-lg font-semibold">
          1. Choose the file
        </h2>
        <p className="text-sm text-muted-foreground">
          A CSV file with one person a row and their details in columns, such as Mailchimp&apos;s export of subscribed
          members or this site&apos;s own export. It is read in your browser; only the rows are sent.
        </p>
        <div className="grid max-w-md gap-2">
          <Label htmlFor={`${id}-input`}>CSV file</Label>
          <input
            id={`${id}-input`}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
        </div>
        {phase === "reading" ? <ProgressBar label="Reading the file" value={progress} /> : null}
        {file ? (
          <p role="status" className="text-sm">
            {fileName}: {formatNumber(file.records.length)} rows
            {prepared && prepared.repeated > 0
              ? `, ${formatNumber(prepared.repeated)} of them repeating an address earlier in the file (imported once)`
              : ""}
            .
          </p>
        ) : null}
      </section>

      {file && mapping && prepared ? (
        <>
          <section aria-labelledby={`${id}-columns`} className="grid gap-3">
            <h2 id={`${id}-columns`} className="text-lg font-semibold">
              2. Check the columns
            </h2>
            <p className="text-sm text-muted-foreground">
              Which column holds what, as worked out from the file&apos;s first row. Change any that are wrong. Rows
              with no team size are stored as &quot;Not given&quot;, and business types we do not recognise as
              &quot;Other&quot;. Without a source column, everyone imported has the source &quot;import&quot;. Times
              without a time zone are read as UTC.
            </p>
            <MappingFields header={file.header} mapping={mapping} onChange={changeMapping} disabled={busy} />
          </section>

          <section aria-labelledby={`${id}-preview`} className="grid gap-3">
            <h2 id={`${id}-preview`} className="text-lg font-semibold">
              3. Preview
            </h2>
            <p className="text-sm text-muted-foreground">
              The first 20 rows as they will be stored, with anything that stops a row being imported. Throwaway email
              addresses are found by the check below.
            </p>
            <ImportPreview file={file} mapping={mapping} problems={checked?.problems} onList={onList} />
          </section>

          <section aria-labelledby={`${id}-check`} className="grid gap-3">
            <h2 id={`${id}-check`} className="text-lg font-semibold">
              4. Check and import
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => void dryRun()} disabled={busy || phase === "done"}>
                {phase === "checking" ? "Checking..." : "Check the file (nothing is imported)"}
              </Button>
            </div>
            {phase === "checking" ? <ProgressBar label="Checking the file" value={progress} /> : null}
            {checked ? (
              <div role="status" className="grid gap-2">
                <p className="font-medium">The check found:</p>
                <ul className="grid list-disc gap-1 pl-6 text-sm" data-testid="dry-run-counts">
                  <li>{formatNumber(checked.added)} new</li>
                  <li>{formatNumber(checked.existing)} already on the list</li>
                  <li>{formatNumber(checked.invalid)} invalid</li>
                  <li>{formatNumber(checked.suppressed)} suppressed (they left the list, and are never added back)</li>
                </ul>
                {checked.problems.length > 0 ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer font-medium">Why rows are invalid</summary>
                    <ul className="mt-2 grid gap-1 pl-2">
                      {checked.problems.map((problem) => (
                        <li key={problem.line}>
                          Row {formatNumber(problem.line)}: {problem.errors.join(" ")}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </div>
            ) : null}

            {phase === "checked" || phase === "importing" ? (
              <div className="grid gap-3 rounded-md border p-4">
                <div className="flex items-start gap-2">
                  <Checkbox
                    id={`${id}-consent`}
                    checked={consent}
                    onCheckedChange={(value) => setConsent(value === true)}
                    disabled={busy}
                    aria-describedby={`${id}-consent-note`}
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-consent`}>{IMPORT_CONSENT_STATEMENT.replace(/\.$/, "")}</Label>
                    <p id={`${id}-consent-note`} className="text-sm text-muted-foreground">
                      Required. Only import people who asked to hear from you; this statement is recorded in the audit
                      log with the import.
                    </p>
                  </div>
                </div>
                <div className="flex items-start gap-2">
                  <Checkbox
                    id={`${id}-confirm`}
                    checked={sendConfirmations}
                    onCheckedChange={(value) => setSendConfirmations(value === true)}
                    disabled={busy}
                    aria-describedby={`${id}-confirm-note`}
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-confirm`}>Send confirmation emails to unconfirmed imported entries</Label>
                    <p id={`${id}-confirm-note`} className="text-sm text-muted-foreground">
                      Off: nobody imported is emailed. On: each new person with no confirmed time gets the confirmation
                      email a signup gets.
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <Button onClick={() => void runImport()} disabled={!consent || busy}>
                    {phase === "importing" ? "Importing..." : `Import ${formatNumber(checked?.added ?? 0)} new people`}
                  </Button>
                  {phase === "importing" ? (
                    <Button
                      variant="outline"
                      onClick={() => {
                        stop.current = true;
                        setStopping(true);
                      }}
                      disabled={stopping}
                    >
                      {stopping ? "Stopping after this batch..." : "Stop"}
                    </Button>
                  ) : null}
                </div>
                {phase === "importing" ? <ProgressBar label="Importing" value={progress} /> : null}
              </div>
            ) : null}

            {done ? (
              <div role="status" className="grid gap-2 rounded-md border p-4" data-testid="import-result">
                <p className="font-medium">{done.stopped ? "Import stopped part-way." : "Import finished."}</p>
                <ul className="grid list-disc gap-1 pl-6 text-sm">
                  <li>{formatNumber(done.added)} added</li>
                  <li>{formatNumber(done.existing)} already on the list (left as they were)</li>
                  <li>{formatNumber(done.invalid)} invalid</li>
                  <li>{formatNumber(done.suppressed)} suppressed</li>
                </ul>
                <p className="text-sm">
                  <Link href="/admin" className="font-medium text-primary underline underline-offset-4">
                    See the waiting list
                  </Link>
                </p>
              </div>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
