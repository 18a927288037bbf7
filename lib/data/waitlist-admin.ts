import "server-only";

import { countWaitlistEntries } from "@/lib/data/waitlist";
import { getDb, withSql } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/migrate";
import { BUSINESS_TYPE_OPTIONS, businessTypeLabel, teamSizeLabel } from "@/lib/validation/waitlist";
import type { WaitlistExportQuery, WaitlistListEntry, WaitlistListQuery, WaitlistSort } from "@/lib/validation/waitlist-query";

/** A waitlist entry as the admin area shows it: no consent time, the business type's label beside its value. */
export type AdminWaitlistEntry = Omit<WaitlistListEntry, "joinedAt"> & { joinedAt: Date };

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
 * Rows per database read in the CSV export: large enough that round trips (one per batch, overlapped
 * with sending the previous batch) stay cheap on a remote database, small enough to keep memory low.
 */
export const EXPORT_BATCH_SIZE = 2_000;

interface Row {
  id: number;
  name: string;
  email: string;
  businessType: string;
  employees: string;
  joinedAt: Date;
}

const COLUMNS = `"id", "name", "email", "businessType", "employees", "joinedAt"`;

// Each order is served by an index (joinedAt desc,id desc; name,id; read backwards for the reverse),
// and id breaks ties so pages and export batches never skip or repeat a row.
const ORDER: Record<WaitlistSort, { key: "joinedAt" | "name"; direction: "ASC" | "DESC" }> = {
  joined_desc: { key: "joinedAt", direction: "DESC" },
  joined_asc: { key: "joinedAt", direction: "ASC" },
  name_asc: { key: "name", direction: "ASC" },
  name_desc: { key: "name", direction: "DESC" },
};

function orderBy(sort: WaitlistSort, alias?: string): string {
  const { key, direction } = ORDER[sort];
  const prefix = alias ? `${alias}.` : "";
  return `${prefix}"${key}" ${direction}, ${prefix}"id" ${direction}`;
}

/** Positional parameters for one statement: every value goes to the driver, never into the SQL text. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Escapes LIKE's wildcards (`%`, `_`) and its escape character, so user input matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The stored business types whose value or label contains the search text (case-insensitive). Matching
 * the labels here lets "valeting" find "car" while the database compares with a plain indexed `= ANY`.
 */
export function businessTypesMatching(search: string): string[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [];
  return BUSINESS_TYPE_OPTIONS.filter(
    (option) => option.value.toLowerCase().includes(needle) || option.label.toLowerCase().includes(needle),
  ).map((option) => option.value);
}

// Name and email use the trigram indexes through ILIKE; the business type uses its btree through = ANY.
function searchCondition(search: string, params: Params): string {
  if (!search) return "TRUE";
  const pattern = params.add(`%${escapeLike(search)}%`);
  const types = params.add(businessTypesMatching(search));
  return `("name" ILIKE ${pattern} ESCAPE '\\' OR "email" ILIKE ${pattern} ESCAPE '\\' OR "businessType" = ANY(${types}::text[]))`;
}

const toEntry = (row: Row): AdminWaitlistEntry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  businessType: row.businessType,
  businessTypeLabel: businessTypeLabel(row.businessType),
  employees: row.employees,
  joinedAt: row.joinedAt,
});

function readPage(search: string, sort: WaitlistSort, limit: number, offset: number): Promise<Row[]> {
  const params = new Params();
  const where = searchCondition(search, params);
  // A "late row lookup": the inner query pages over the narrow sort index (index-only when there is no
  // search), and only the rows of this page are fetched whole. Deep pages stay cheap at a million rows.
  return getDb().$queryRawUnsafe<Row[]>(
    `SELECT w."id", w."name", w."email", w."businessType", w."employees", w."joinedAt"
     FROM "waitlist" AS w
     JOIN (
       SELECT "id" FROM "waitlist" WHERE ${where} ORDER BY ${orderBy(sort)}
       LIMIT ${params.add(limit)}::int OFFSET ${params.add(offset)}::int
     ) AS page ON page."id" = w."id"
     ORDER BY ${orderBy(sort, "w")}`,
    ...params.values,
  );
}

async function countMatches(search: string, cap: number): Promise<number> {
  const params = new Params();
  const where = searchCondition(search, params);
  const rows = await getDb().$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM "waitlist" WHERE ${where} LIMIT ${params.add(cap)}::int) AS matches`,
    ...params.values,
  );
  return rows[0]?.n ?? 0;
}

/**
 * One page of waitlist entries for the admin list, searched case-insensitively on name, email and
 * business type (value or label), in the requested order, with the total number of matches.
 */
export async function listWaitlistEntries(query: WaitlistListQuery): Promise<AdminWaitlistPage> {
  const { q, page, pageSize, sort } = query;
  const offset = (page - 1) * pageSize;
  const cap = offset + SEARCH_COUNT_LIMIT + 1;
  const [rows, counted] = await Promise.all([
    readPage(q, sort, pageSize, offset),
    // Without a search the total comes from the trigger-kept counter: exact, and constant time.
    q ? countMatches(q, cap) : countWaitlistEntries(),
  ]);
  const totalIsExact = !q || counted < cap;
  return {
    entries: rows.map(toEntry),
    total: totalIsExact ? counted : cap - 1,
    totalIsExact,
    page,
    pageSize,
  };
}

/**
 * Every entry matching an export query, in batches read one at a time with keyset pagination on the
 * sort key (never OFFSET), so each batch costs the same however far into the table it is. The reads
 * go through one raw connection (withSql) rather than the Prisma client: at a million rows that was a
 * third faster, and a long export does not hold one of the request pool's connections. Ending the loop
 * early closes the connection.
 */
export async function* readWaitlistBatches(
  query: WaitlistExportQuery,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<AdminWaitlistEntry[], void, undefined> {
  const order = ORDER[query.sort];
  const comparison = order.direction === "DESC" ? "<" : ">";
  const connection = holdSqlConnection();
  try {
    const sql = await connection.runner;
    let last: Row | undefined;
    for (;;) {
      const params = new Params();
      const where = searchCondition(query.q, params);
      // Row comparison against the last row read: matches the two-column sort index, in either direction.
      const after = !last
        ? "TRUE"
        : order.key === "joinedAt"
          ? `("joinedAt", "id") ${comparison} (${params.add(last.joinedAt)}::timestamptz, ${params.add(last.id)}::int)`
          : `("name", "id") ${comparison} (${params.add(last.name)}::text, ${params.add(last.id)}::int)`;
      const rows = await sql.query<Row>(
        `SELECT ${COLUMNS} FROM "waitlist" WHERE ${where} AND ${after} ORDER BY ${orderBy(query.sort)} LIMIT ${params.add(batchSize)}::int`,
        params.values,
      );
      if (rows.length > 0) yield rows.map(toEntry);
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

/** The export's columns. Joined is ISO 8601 in UTC: exact, sortable, and read as a date by spreadsheets. */
export const WAITLIST_CSV_HEADER = ["Name", "Email", "Business Type", "Team Size", "Joined"] as const;

/** An entry as a CSV record, labels as the admin table shows them. */
export function waitlistCsvRecord(entry: AdminWaitlistEntry): string[] {
  return [entry.name, entry.email, entry.businessTypeLabel, teamSizeLabel(entry.employees), entry.joinedAt.toISOString()];
}
