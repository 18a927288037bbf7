import "server-only";

import type { Readable } from "node:stream";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import {
  ANY_WAITLIST_COLUMNS,
  CSV_COLUMNS,
  csvColumnsOf,
  NOTES_COLUMN,
  type WaitlistColumn,
  type WaitlistRecord,
} from "@/lib/data/waitlist/columns";
import { columnJoins, filterCondition, ORDER, orderBy } from "@/lib/data/waitlist/sql";
import { copyOut, getDb, withSql } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/migrate";
import { Prisma } from "@/lib/generated/prisma/client";
import { FORMULA_TRIGGER_CHARACTERS } from "@/lib/spreadsheet-formula";
import type { WaitlistExportQuery } from "@/lib/validation/waitlist-query";

/**
 * Rows per database read in the CSV export: enough that round trips (one per batch, overlapped with
 * sending the previous batch) stay cheap, few enough that a batch dies young. A larger batch
 * outlives two minor collections and V8 promotes it to the old space, where the garbage piles up to a
 * full collection; at this size little is promoted.
 */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Records an export of the waitlist once its download has ended, with the filters it used, how many
 * entries went out and whether the download finished. A failure to write is logged: the file is already
 * with the admin, and the export must not be reported as failed because of it.
 */
export function recordWaitlistExport(
  actor: VerifiedAdmin,
  query: WaitlistExportQuery,
  outcome: { records: number; completed: boolean },
): void {
  assertAdminCan(actor, "export");
  recordAudit(getDb(), auditActorOf(actor), {
    action: "waitlist.export",
    details: {
      filters: JSON.parse(JSON.stringify(query)) as Record<string, string>,
      rows: outcome.records,
      completed: outcome.completed,
    },
  }).catch((error: unknown) => console.error("[audit] could not record a waitlist export:", error));
}

/** An entry as the export's batches read it (see readWaitlistBatches): times as ISO 8601 text, and the line's order. */
export type WaitlistExportRow = WaitlistRecord & {
  /** The line's order (a bigint, as text): the key of the next batch when sorted by place. */
  lineOrder: string;
  /** The team's notes, when the export asked for them (NOTES_COLUMN). */
  notes?: string | null;
};

// A time as Date.toISOString writes it (UTC, milliseconds; years 1000-9999). The columns keep milliseconds, so
// the join time's text also serves exactly as the next batch's key.
const ISO = (expression: string) => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The batches' SELECT list: every column under its key (times as ISO 8601 text), and the line's order. */
const EXPORT_COLUMNS = Prisma.raw(
  ANY_WAITLIST_COLUMNS.map(
    (descriptor) => `${descriptor.format === "time" ? ISO(descriptor.sql) : descriptor.sql} AS "${descriptor.key}"`,
  )
    .concat(`w."lineOrder"::text AS "lineOrder"`)
    .join(", "),
);
const EXPORT_JOINS = columnJoins(ANY_WAITLIST_COLUMNS);
const EXPORT_NOTES = Prisma.raw(`, ${NOTES_COLUMN.sql} AS "${NOTES_COLUMN.key}"`);

/**
 * Every entry matching an export query, in batches read one at a time with keyset pagination on the
 * sort key (never OFFSET), so each batch costs the same however far into the table it is. The reads
 * go through one raw connection (withSql) rather than the Prisma client: that is faster at a million
 * rows, and a long export does not hold one of the request pool's connections. Ending the loop
 * early closes the connection. Join times come as text: parsing a Date per row was a large share of what
 * reading the rows allocated, and V8 moved those Dates to its old space. Each row has every column (see
 * WAITLIST_COLUMNS); waitlistCsvRecord makes the CSV's record of it.
 */
export function readWaitlistBatches(
  actor: VerifiedAdmin,
  query: WaitlistExportQuery,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<WaitlistExportRow[], void, undefined> {
  // Checked here, before any generator runs, so an unverified caller fails at once.
  assertAdminCan(actor, "export");
  return batchesOf(query, batchSize);
}

async function* batchesOf(
  query: WaitlistExportQuery,
  batchSize: number,
): AsyncGenerator<WaitlistExportRow[], void, undefined> {
  const order = ORDER[query.sort];
  const comparison = Prisma.raw(order.direction === "DESC" ? "<" : ">");
  const where = filterCondition(query);
  const connection = holdSqlConnection();
  try {
    const sql = await connection.runner;
    let last: WaitlistExportRow | undefined;
    for (;;) {
      // Row comparison against the last row read: matches the two-column sort index, in either direction.
      // Every key comes back as text (the join time as ISO 8601, the line's order as digits), cast to its type.
      const after = !last
        ? Prisma.sql`TRUE`
        : Prisma.sql`(${Prisma.raw(`"${order.key}"`)}, "id") ${comparison} (${last[order.key]}::${Prisma.raw(order.type)}, ${last.id}::int)`;
      // Ordered by the table's columns (w."joinedAt"), not the output's text column of the same name.
      const notes = query.notes ? EXPORT_NOTES : Prisma.empty;
      const batch = Prisma.sql`SELECT ${EXPORT_COLUMNS}${notes} FROM "waitlist" AS w ${EXPORT_JOINS} WHERE ${where} AND ${after} ORDER BY ${orderBy(query.sort, "w")} LIMIT ${batchSize}::int`;
      // The raw connection takes the statement's PostgreSQL text ($1, $2, …) and its values.
      const rows = await sql.query<WaitlistExportRow>(batch.text, batch.values);
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

/** The CSV's header, one name per column of CSV_COLUMNS (the descriptors' `csv`). */
export { WAITLIST_CSV_HEADER } from "@/lib/data/waitlist/columns";

/** Label columns' labels by stored value, made once rather than searched per cell. */
const LABELS = new Map<string, Map<string, string>>(
  ANY_WAITLIST_COLUMNS.flatMap((descriptor) =>
    descriptor.format === "label"
      ? [[descriptor.key, new Map(descriptor.options.map((option) => [option.value, option.label]))] as const]
      : [],
  ),
);

/**
 * One cell of a batch's record, labels as the admin table shows them, empty for what has not happened or was not
 * given. The CSV stream then puts a `'` before any cell a spreadsheet would run as a formula (lib/csv.ts).
 */
function csvCell(descriptor: WaitlistColumn, row: WaitlistExportRow): string {
  const value = (row as Record<string, unknown>)[descriptor.key] ?? null;
  if (value === null) return "";
  if (descriptor.format === "label") return LABELS.get(descriptor.key)?.get(String(value)) ?? String(value);
  return String(value);
}

/**
 * An exported entry as a CSV record: its CSV columns (CSV_COLUMNS, under WAITLIST_CSV_HEADER, or the export's
 * own `columns`: csvColumnsOf) in their order.
 */
export function waitlistCsvRecord(row: WaitlistExportRow, columns: readonly WaitlistColumn[] = CSV_COLUMNS): string[] {
  return columns.map((descriptor) => csvCell(descriptor, row));
}

/**
 * The export as PostgreSQL's own `COPY … TO STDOUT`, which writes CSV far faster than rows can be read
 * and formatted here; null on the embedded database (use readWaitlistBatches).
 */
export function copyWaitlistCsv(actor: VerifiedAdmin, query: WaitlistExportQuery): Promise<Readable> | null {
  assertAdminCan(actor, "export");
  return copyOut((literal) => waitlistCopyStatement(query, literal));
}

/**
 * The export's `COPY` statement, values written in with `literal` (COPY takes no bind parameters). The
 * SELECT does what waitlistCsvRecord and the CSV stream do (see copyCell). Same filter and order as the list.
 */
export function waitlistCopyStatement(query: WaitlistExportQuery, literal: (value: string) => string): string {
  // Joined under names of their own ("lineId", and the columns' own joins), so the filter's bare column names
  // still mean the entry's.
  const joins = Prisma.raw(
    `LEFT JOIN (SELECT "id" AS "lineId", row_number() OVER (ORDER BY "lineOrder") AS "place" FROM "waitlist" WHERE "lineOrder" < "waitlist_no_place"()) AS line ON line."lineId" = w."id"
     ${columnJoins(CSV_COLUMNS).text}`,
  );
  const columns = csvColumnsOf({ notes: query.notes === "yes" });
  const select = Prisma.sql`SELECT ${Prisma.join(columns.map(copyCell), ", ")} FROM "waitlist" AS w ${joins} WHERE ${filterCondition(query)} ORDER BY ${orderBy(query.sort, "w")}`;
  return `COPY (${withLiterals(select, literal)}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`;
}

/**
 * A CSV column in the COPY's SELECT, as csvCell and the CSV stream write it: text with a leading `'` when a
 * spreadsheet would run it as a formula (free text, and anyone can sign up with an address like "-2+3@x.co"); a
 * label column's label (an unknown value as text); a time as ISO 8601 text, NULL (an empty field, as the batches
 * write "") until it happens; a place as the entry's row number in the line, one pass over the line's index, where
 * working each place out on its own (waitlist_place) would cost a count per row.
 */
function copyCell(descriptor: WaitlistColumn): Prisma.Sql {
  switch (descriptor.format) {
    case "text":
      return guarded(descriptor.sql);
    case "label":
      return Prisma.sql`CASE ${Prisma.raw(descriptor.sql)} ${Prisma.join(
        descriptor.options.map((option) => Prisma.sql`WHEN ${option.value} THEN ${option.label}`),
        " ",
      )} ELSE ${guarded(descriptor.sql)} END`;
    case "time":
      return Prisma.raw(ISO(descriptor.sql));
    case "number":
      return Prisma.raw(descriptor.sql);
    case "place":
      return Prisma.raw(`line."place"`);
  }
}

// ascii() reads the first character's code without building a substring: the cheapest test per cell.
const guarded = (expression: string) =>
  Prisma.raw(
    `CASE WHEN ascii(${expression}) IN (${FORMULA_TRIGGER_CODES}) THEN '''' || ${expression} ELSE ${expression} END`,
  );

const FORMULA_TRIGGER_CODES = FORMULA_TRIGGER_CHARACTERS.map((character) => character.charCodeAt(0)).join(", ");

/** A statement's text with each value written in as a literal (COPY takes no bind parameters): strings, and arrays of strings. */
function withLiterals(statement: Prisma.Sql, literal: (value: string) => string): string {
  return statement.strings.reduce((sql, part, index) => {
    const value = statement.values[index - 1];
    if (typeof value === "string") return sql + literal(value) + part;
    if (Array.isArray(value))
      return `${sql}ARRAY[${value.map((item) => literal(String(item))).join(", ")}]::text[]${part}`;
    throw new Error(`Cannot write a ${typeof value} into a COPY statement`);
  });
}
