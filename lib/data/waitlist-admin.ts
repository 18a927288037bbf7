import "server-only";

import type { Readable } from "node:stream";

import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit, recordViewHourly } from "@/lib/data/audit";
import { countWaitlistEntries } from "@/lib/data/waitlist";
import { findSearchPage } from "@/lib/data/waitlist-search";
import { filterCondition, isFiltered, ORDER, orderBy, Params, rowColumns, type WaitlistRow } from "@/lib/data/waitlist-sql";
import { FORMULA_TRIGGER_CHARACTERS } from "@/lib/csv";
import { copyOut, getDb, withSql } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/migrate";
import { BUSINESS_TYPE_OPTIONS, businessTypeLabel, sourceOf, TEAM_SIZE_OPTIONS, teamSizeLabel } from "@/lib/validation/waitlist";
import type { WaitlistExportQuery, WaitlistListEntry, WaitlistListQuery, WaitlistSort } from "@/lib/validation/waitlist-query";

/** A waitlist entry as the admin area shows it: no consent time, the business type's label beside its value. */
export type AdminWaitlistEntry = Omit<WaitlistListEntry, "joinedAt" | "confirmedAt" | "invitedAt" | "acceptedAt"> & {
  joinedAt: Date;
  confirmedAt: Date | null;
  invitedAt: Date | null;
  acceptedAt: Date | null;
};

/** One page of the admin list. `total` is exact when `totalIsExact`, else a lower bound (broad searches). */
export interface AdminWaitlistPage {
  entries: AdminWaitlistEntry[];
  total: number;
  totalIsExact: boolean;
  page: number;
  pageSize: number;
}

/**
 * Beyond the current page, a search counts at most this many further matches. An exact count of a broad
 * search ("gmail", "valeting") over a million rows reads every match (0.1 to 0.4 s); capped, it takes
 * a few ms, and the page says "more than 1,000" instead.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/**
 * Rows per database read in the CSV export: enough that round trips (one per batch, overlapped with
 * sending the previous batch) stay cheap, few enough that a batch dies young. From 2,000 rows a batch
 * outlives two minor collections and V8 promotes it to the old space, where the garbage piles up to a
 * full collection: at 500 the export promoted 27 MB instead of 274 MB per million rows.
 */
export const EXPORT_BATCH_SIZE = 500;

const toEntry = (row: WaitlistRow): AdminWaitlistEntry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  businessType: row.businessType,
  businessTypeLabel: businessTypeLabel(row.businessType),
  employees: row.employees,
  joinedAt: row.joinedAt,
  confirmedAt: row.confirmedAt,
  status: row.status,
  invitedAt: row.invitedAt,
  acceptedAt: row.acceptedAt,
  source: sourceOf(row),
});

function readPage(sort: WaitlistSort, limit: number, offset: number): Promise<WaitlistRow[]> {
  const params = new Params();
  // A "late row lookup": the inner query pages over the narrow sort index (index-only), and only the
  // rows of this page are fetched whole. Deep pages stay cheap at a million rows.
  return getDb().$queryRawUnsafe<WaitlistRow[]>(
    `SELECT ${rowColumns("w")}
     FROM "waitlist" AS w
     JOIN (
       SELECT "id" FROM "waitlist" ORDER BY ${orderBy(sort)}
       LIMIT ${params.add(limit)}::int OFFSET ${params.add(offset)}::int
     ) AS page ON page."id" = w."id"
     ORDER BY ${orderBy(sort, "w")}`,
    ...params.values,
  );
}

// Without a search the total comes from the trigger-kept counter: exact, and constant time.
async function unsearchedPage(sort: WaitlistSort, limit: number, offset: number) {
  const [rows, counted] = await Promise.all([readPage(sort, limit, offset), countWaitlistEntries()]);
  return { rows, counted };
}

/**
 * One page of waitlist entries for the admin list, searched case-insensitively on name, email and
 * business type (value or label), in the requested order, with the total number of matches (see
 * findSearchPage for how a search stays fast at any number of matches).
 */
export async function listWaitlistEntries(actor: VerifiedAdmin, query: WaitlistListQuery): Promise<AdminWaitlistPage> {
  assertVerifiedAdmin(actor);
  const { q, page, pageSize, sort, confirmed, status, type, size, source } = query;
  const filter = { q, confirmed, status, type, size, source };
  const offset = (page - 1) * pageSize;
  const cap = offset + SEARCH_COUNT_LIMIT + 1;
  const [{ rows, counted }] = await Promise.all([
    isFiltered(filter) ? findSearchPage(filter, sort, pageSize, offset, cap) : unsearchedPage(sort, pageSize, offset),
    recordViewHourly(getDb(), auditActorOf(actor), "waitlist.view"),
  ]);
  const totalIsExact = !isFiltered(filter) || counted < cap;
  return {
    entries: rows.map(toEntry),
    total: totalIsExact ? counted : cap - 1,
    totalIsExact,
    page,
    pageSize,
  };
}

/**
 * Records an export of the waitlist once its download has ended, with the filters it used, how many
 * entries went out and whether the download finished. A failure to write is logged: the file is already
 * with the admin, and the export must not be reported as failed because of it.
 */
export function recordWaitlistExport(actor: VerifiedAdmin, query: WaitlistExportQuery, outcome: { records: number; completed: boolean }): void {
  assertVerifiedAdmin(actor);
  recordAudit(getDb(), auditActorOf(actor), {
    action: "waitlist.export",
    details: { filters: JSON.parse(JSON.stringify(query)) as Record<string, string>, rows: outcome.records, completed: outcome.completed },
  }).catch((error: unknown) => console.error("[audit] could not record a waitlist export:", error));
}

/** A waitlist entry as the export reads it: the join time as ISO 8601 text (see readWaitlistBatches). */
export type WaitlistExportRow = Omit<WaitlistRow, "joinedAt" | "confirmedAt" | "invitedAt" | "acceptedAt"> & {
  joinedAt: string;
  confirmedAt: string | null;
  invitedAt: string | null;
  acceptedAt: string | null;
};

// The join time as Date.toISOString writes it (UTC, milliseconds; years 1000-9999). The column keeps
// milliseconds, so the text also serves exactly as the next batch's key.
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const EXPORT_COLUMNS = `"id", "name", "email", "businessType", "employees", ${ISO(`"joinedAt"`)} AS "joinedAt", ${ISO(`"confirmedAt"`)} AS "confirmedAt", "status", ${ISO(`"invitedAt"`)} AS "invitedAt", ${ISO(`"acceptedAt"`)} AS "acceptedAt", "utmSource", "utmMedium", "utmCampaign", "referrer"`;

/**
 * Every entry matching an export query, in batches read one at a time with keyset pagination on the
 * sort key (never OFFSET), so each batch costs the same however far into the table it is. The reads
 * go through one raw connection (withSql) rather than the Prisma client: at a million rows that was a
 * third faster, and a long export does not hold one of the request pool's connections. Ending the loop
 * early closes the connection. Join times come as text: parsing a Date per row was half of what
 * reading the rows allocated, and V8 moved those Dates to its old space (68 MB per million rows).
 */
export function readWaitlistBatches(
  actor: VerifiedAdmin,
  query: WaitlistExportQuery,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<WaitlistExportRow[], void, undefined> {
  // Checked here, before any generator runs, so an unverified caller fails at once.
  assertVerifiedAdmin(actor);
  return batchesOf(query, batchSize);
}

async function* batchesOf(query: WaitlistExportQuery, batchSize: number): AsyncGenerator<WaitlistExportRow[], void, undefined> {
  const order = ORDER[query.sort];
  const comparison = order.direction === "DESC" ? "<" : ">";
  const connection = holdSqlConnection();
  try {
    const sql = await connection.runner;
    let last: WaitlistExportRow | undefined;
    for (;;) {
      const params = new Params();
      const where = filterCondition(query, params);
      // Row comparison against the last row read: matches the two-column sort index, in either direction.
      const after = !last
        ? "TRUE"
        : order.key === "joinedAt"
          ? `("joinedAt", "id") ${comparison} (${params.add(last.joinedAt)}::timestamptz, ${params.add(last.id)}::int)`
          : `("name", "id") ${comparison} (${params.add(last.name)}::text, ${params.add(last.id)}::int)`;
      const rows = await sql.query<WaitlistExportRow>(
        // Ordered by the table's columns (w."joinedAt"), not the output's text column of the same name.
        `SELECT ${EXPORT_COLUMNS} FROM "waitlist" AS w WHERE ${where} AND ${after} ORDER BY ${orderBy(query.sort, "w")} LIMIT ${params.add(batchSize)}::int`,
        params.values,
      );
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
      last = rows[rows.length - 1];
    }
  } finally {
    await connection.release();
  }
}

/**
 * Opens a raw SQL connection (withSql) and keeps it until `release()`: withSql scopes its connection to
 * a callback, and a generator's lifetime is not one. Connection failures reject `runner`.
 */
function holdSqlConnection(): { runner: Promise<SqlRunner>; release: () => Promise<void> } {
  let releaseScope!: () => void;
  const held = new Promise<void>((resolve) => (releaseScope = resolve));
  let provide!: (sql: SqlRunner) => void;
  const provided = new Promise<SqlRunner>((resolve) => (provide = resolve));
  const scope = withSql(async (sql) => {
    provide(sql);
    await held;
  });
  return {
    // Whichever comes first: the connection, or the failure to open it.
    runner: Promise.race([provided, scope.then(() => provided)]),
    release: async () => {
      releaseScope();
      await scope.catch(() => undefined);
    },
  };
}

/**
 * The export's columns. The times are ISO 8601 in UTC: exact, sortable, and read as dates by spreadsheets;
 * each is empty until it happens. Source, Medium, Campaign and Referrer are what the signup's visit brought
 * (its UTM parameters and referring host), empty for a direct visit.
 */
export const WAITLIST_CSV_HEADER = ["Name", "Email", "Business Type", "Team Size", "Joined", "Confirmed", "Status", "Invited", "Accepted", "Source", "Medium", "Campaign", "Referrer"] as const;

/** An exported entry as a CSV record, labels as the admin table shows them. */
export function waitlistCsvRecord(row: WaitlistExportRow): string[] {
  return [
    row.name,
    row.email,
    businessTypeLabel(row.businessType),
    teamSizeLabel(row.employees),
    row.joinedAt,
    row.confirmedAt ?? "",
    row.status,
    row.invitedAt ?? "",
    row.acceptedAt ?? "",
    row.utmSource ?? "",
    row.utmMedium ?? "",
    row.utmCampaign ?? "",
    row.referrer ?? "",
  ];
}

/**
 * The export as PostgreSQL's own `COPY … TO STDOUT`, which writes CSV far faster than rows can be read
 * and formatted here; null on the embedded database (use readWaitlistBatches).
 */
export function copyWaitlistCsv(actor: VerifiedAdmin, query: WaitlistExportQuery): Promise<Readable> | null {
  assertVerifiedAdmin(actor);
  return copyOut((literal) => waitlistCopyStatement(query, literal));
}

/**
 * The export's `COPY` statement, values written in with `literal` (COPY takes no bind parameters). The
 * SELECT does what waitlistCsvRecord does: labels for stored values, and a leading `'` on any cell a
 * spreadsheet would run as a formula. Same filter and order as the list.
 */
export function waitlistCopyStatement(query: WaitlistExportQuery, literal: (value: string) => string): string {
  const params = new Params();
  const where = inlineParams(filterCondition(query, params), params.values, literal);
  // ascii() reads the first character's code without building a substring: the cheapest test per cell.
  const text = (expression: string) =>
    `CASE WHEN ascii(${expression}) IN (${FORMULA_TRIGGER_CODES}) THEN '''' || ${expression} ELSE ${expression} END`;
  const label = (column: string, options: readonly { value: string; label: string }[]) =>
    `CASE w."${column}" ${options.map((option) => `WHEN ${literal(option.value)} THEN ${literal(option.label)}`).join(" ")} ELSE ${text(`w."${column}"`)} END`;
  const columns = [
    text(`w."name"`),
    text(`w."email"`),
    label("businessType", BUSINESS_TYPE_OPTIONS),
    label("employees", TEAM_SIZE_OPTIONS),
    ISO(`w."joinedAt"`),
    // A NULL time (not confirmed, invited or accepted yet) is written as an empty field, as the batches write "".
    ISO(`w."confirmedAt"`),
    `w."status"`,
    ISO(`w."invitedAt"`),
    ISO(`w."acceptedAt"`),
    text(`w."utmSource"`),
    text(`w."utmMedium"`),
    text(`w."utmCampaign"`),
    text(`w."referrer"`),
  ];
  return `COPY (SELECT ${columns.join(", ")} FROM "waitlist" AS w WHERE ${where} ORDER BY ${orderBy(query.sort, "w")}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`;
}

const FORMULA_TRIGGER_CODES = FORMULA_TRIGGER_CHARACTERS.map((character) => character.charCodeAt(0)).join(", ");

/** Writes each `$n` of `sql` as a literal (COPY takes no bind parameters): strings, and arrays of strings. */
function inlineParams(sql: string, values: unknown[], literal: (value: string) => string): string {
  return sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = values[Number(index) - 1];
    if (typeof value === "string") return literal(value);
    if (Array.isArray(value)) return `ARRAY[${value.map((item) => literal(String(item))).join(", ")}]::text[]`;
    throw new Error(`Cannot write parameter $${index} into a COPY statement`);
  });
}
