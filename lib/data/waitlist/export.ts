import "server-only";

import type { Readable } from "node:stream";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { filterCondition, ORDER, orderBy, type WaitlistRow } from "@/lib/data/waitlist/sql";
import { copyOut, getDb, withSql } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/migrate";
import { Prisma } from "@/lib/generated/prisma/client";
import { FORMULA_TRIGGER_CHARACTERS } from "@/lib/spreadsheet-formula";
import {
  BUSINESS_TYPE_OPTIONS,
  businessTypeLabel,
  STORED_TEAM_SIZE_OPTIONS,
  teamSizeLabel,
} from "@/lib/validation/waitlist";
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

/** A waitlist entry as the export reads it: the join time as ISO 8601 text (see readWaitlistBatches). */
// Its CSV names the source by its parts (Source is the utm_source), so the generated column is not read.
export type WaitlistExportRow = Omit<
  WaitlistRow,
  "joinedAt" | "confirmedAt" | "invitedAt" | "acceptedAt" | "source" | "heldAt"
> & {
  joinedAt: string;
  heldAt: string | null;
  confirmedAt: string | null;
  invitedAt: string | null;
  acceptedAt: string | null;
  referralCode: string;
  /** The email of whoever referred the entry, while they are on the list. */
  referredBy: string | null;
  /** The line's order (a bigint, as text): the key of the next batch when sorted by place. */
  lineOrder: string;
};

// The join time as Date.toISOString writes it (UTC, milliseconds; years 1000-9999). The column keeps
// milliseconds, so the text also serves exactly as the next batch's key.
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The referrer's email, by primary key: the referral's only link the export spells out. */
const REFERRED_BY = `(SELECT r."email" FROM "waitlist" AS r WHERE r."id" = w."referredById")`;
const EXPORT_COLUMNS = Prisma.raw(
  `"id", "name", "email", "businessType", "businessDescription", "employees", ${ISO(`"joinedAt"`)} AS "joinedAt", ${ISO(`"confirmedAt"`)} AS "confirmedAt", "status", ${ISO(`"invitedAt"`)} AS "invitedAt", ${ISO(`"acceptedAt"`)} AS "acceptedAt", "utmSource", "utmMedium", "utmCampaign", "referrer", "waitlist_place"(w."lineOrder") AS "place", "referralCode", ${REFERRED_BY} AS "referredBy", "referralCredits", ${ISO(`"heldAt"`)} AS "heldAt", "heldReason", "lineOrder"::text AS "lineOrder"`,
);

/**
 * Every entry matching an export query, in batches read one at a time with keyset pagination on the
 * sort key (never OFFSET), so each batch costs the same however far into the table it is. The reads
 * go through one raw connection (withSql) rather than the Prisma client: that is faster at a million
 * rows, and a long export does not hold one of the request pool's connections. Ending the loop
 * early closes the connection. Join times come as text: parsing a Date per row was a large share of what
 * reading the rows allocated, and V8 moved those Dates to its old space.
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
      const batch = Prisma.sql`SELECT ${EXPORT_COLUMNS} FROM "waitlist" AS w WHERE ${where} AND ${after} ORDER BY ${orderBy(query.sort, "w")} LIMIT ${batchSize}::int`;
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

/**
 * The export's columns. The times are ISO 8601 in UTC: exact, sortable, and read as dates by spreadsheets;
 * each is empty until it happens. Business description is what a visitor who chose "Other" said their business
 * is (empty otherwise). Source, Medium, Campaign and Referrer are what the signup's visit brought
 * (its UTM parameters and referring host), empty for a direct visit. Held and Held reason are set only for
 * a signup held for review (see lib/data/waitlist/held.ts).
 */
export const WAITLIST_CSV_HEADER = [
  "Name",
  "Email",
  "Business Type",
  "Business description",
  "Team Size",
  "Joined",
  "Confirmed",
  "Status",
  "Invited",
  "Accepted",
  "Source",
  "Medium",
  "Campaign",
  "Referrer",
  "Place",
  "Referral code",
  "Referred by",
  "Referrals",
  "Held",
  "Held reason",
] as const;

/** An exported entry as a CSV record, labels as the admin table shows them. */
export function waitlistCsvRecord(row: WaitlistExportRow): string[] {
  return [
    row.name,
    row.email,
    businessTypeLabel(row.businessType),
    row.businessDescription ?? "",
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
    row.place === null ? "" : String(row.place),
    row.referralCode,
    row.referredBy ?? "",
    String(row.referralCredits),
    row.heldAt ?? "",
    row.heldReason ?? "",
  ];
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
 * SELECT does what waitlistCsvRecord does: labels for stored values, and a leading `'` on any cell a
 * spreadsheet would run as a formula. Same filter and order as the list.
 */
export function waitlistCopyStatement(query: WaitlistExportQuery, literal: (value: string) => string): string {
  // ascii() reads the first character's code without building a substring: the cheapest test per cell.
  const text = (expression: string) =>
    Prisma.raw(
      `CASE WHEN ascii(${expression}) IN (${FORMULA_TRIGGER_CODES}) THEN '''' || ${expression} ELSE ${expression} END`,
    );
  const label = (column: string, options: readonly { value: string; label: string }[]) =>
    Prisma.sql`CASE ${Prisma.raw(`w."${column}"`)} ${Prisma.join(
      options.map((option) => Prisma.sql`WHEN ${option.value} THEN ${option.label}`),
      " ",
    )} ELSE ${text(`w."${column}"`)} END`;
  const time = (column: string) => Prisma.raw(ISO(`w."${column}"`));
  const columns = [
    text(`w."name"`),
    text(`w."email"`),
    label("businessType", BUSINESS_TYPE_OPTIONS),
    // Free text the visitor typed: a spreadsheet must not run it.
    text(`w."businessDescription"`),
    label("employees", STORED_TEAM_SIZE_OPTIONS),
    time("joinedAt"),
    // A NULL time (not confirmed, invited or accepted yet) is written as an empty field, as the batches write "".
    time("confirmedAt"),
    Prisma.raw(`w."status"`),
    time("invitedAt"),
    time("acceptedAt"),
    text(`w."utmSource"`),
    text(`w."utmMedium"`),
    text(`w."utmCampaign"`),
    text(`w."referrer"`),
    // A place is the entry's row number in the line: one pass over the line's index, where working each
    // place out on its own (waitlist_place) would cost a count per row.
    Prisma.raw(`line."place"`),
    Prisma.raw(`w."referralCode"`),
    // Anyone can sign up with an address a spreadsheet would run ("-2+3@x.co"), and be someone's referrer.
    text(`referrer."referrerEmail"`),
    Prisma.raw(`w."referralCredits"`),
    // When a signup was held for review and why (a fixed word: missing, invalid...), empty for everyone else.
    time("heldAt"),
    Prisma.raw(`w."heldReason"`),
  ];
  // Joined under names of their own ("lineId", "referrerEmail"), so the filter's bare column names still
  // mean the entry's.
  const joins = Prisma.raw(
    `LEFT JOIN (SELECT "id" AS "lineId", row_number() OVER (ORDER BY "lineOrder") AS "place" FROM "waitlist" WHERE "lineOrder" < "waitlist_no_place"()) AS line ON line."lineId" = w."id"
     LEFT JOIN LATERAL (SELECT r."email" AS "referrerEmail" FROM "waitlist" AS r WHERE r."id" = w."referredById") AS referrer ON TRUE`,
  );
  const select = Prisma.sql`SELECT ${Prisma.join(columns, ", ")} FROM "waitlist" AS w ${joins} WHERE ${filterCondition(query)} ORDER BY ${orderBy(query.sort, "w")}`;
  return `COPY (${withLiterals(select, literal)}) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`;
}

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
