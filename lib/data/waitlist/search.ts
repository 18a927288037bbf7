import "server-only";

import type { WaitlistRow } from "@/lib/data/waitlist/columns";
import {
  filterCanNarrowByTrigram,
  filterCondition,
  orderBy,
  orderKey,
  ROW_COLUMNS,
  ROW_JOINS,
} from "@/lib/data/waitlist/sql";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { WaitlistFilter, WaitlistSort } from "@/lib/validation/waitlist-query";

/**
 * How many rows, in the list's order, a search looks through for its page before it collects all its
 * matches instead. Broad searches ("smith", "valeting", "gmail") fill their page well within it, and
 * those matching one row in ten or more reach the count's cap too; a rare one pays for the walk
 * (small, as it stops at this many rows however large the table) before its trigram lookup.
 */
export const SEARCH_WALK_ROWS = 10_000;

/** One page of a search: the matching rows in the list's order, and the matches counted up to `cap`. */
export interface SearchPage {
  rows: WaitlistRow[];
  counted: number;
}

/**
 * Plans forced for one statement (`set_config(..., true)` lasts until the end of its transaction).
 * The planner cannot be trusted with these searches: it estimates a LIKE pattern's matches from the
 * hundred or so values it sampled, so one sampled match makes a rare search look like 1% of the table,
 * and no sampled match makes "smith" (3%) look like 0.01%. It also costs a LIMIT above
 * `count(*) OVER ()` as if it could stop early. Either way it can choose to walk a whole index for a
 * handful of rows (as it did for "oliver.jones.2"). Turning a plan type off only prices it out, so a
 * statement still runs when nothing else can run it.
 */
const PLANS = {
  // The trigram and business-type indexes, combined in a bitmap: the cost follows the matches.
  bitmap: ["enable_seqscan", "enable_indexscan", "enable_indexonlyscan"],
  // Every row once, in parallel: for searches the trigram indexes cannot narrow.
  scan: ["enable_bitmapscan", "enable_indexscan", "enable_indexonlyscan"],
  // Invited or accepted entries through the partial index that holds only them: in its own order when
  // nothing else is asked (index only), else all of them by bitmap, then sorted. Left alone, the planner
  // walks the name index for a status it believes is spread evenly (the team invites oldest first).
  status: ["enable_seqscan", "enable_indexscan"],
  // A tag filter, without a search the trigram indexes can narrow: the tags' own (tag, entry) index finds the
  // tagged entries, and a tag is an equality the planner estimates well from its statistics, so it chooses.
  // Only its compiler is held back: "all of these tags" is a count per entry, which the planner prices as if
  // the whole list were read, high enough to compile the statement to machine code, and the compiling takes
  // several times longer than a count that stops at the cap.
  tags: ["jit"],
} as const;
type Plan = keyof typeof PLANS;

async function queryWithPlan<T>(plan: Plan, statement: Prisma.Sql): Promise<T[]> {
  const db = getDb();
  const off: readonly string[] = PLANS[plan];
  if (off.length === 0) return db.$queryRaw<T[]>(statement);
  const settings = Prisma.join(off.map((name) => Prisma.raw(`set_config('${name}', 'off', true)`)));
  const [, rows] = await db.$transaction([db.$queryRaw`SELECT ${settings}`, db.$queryRaw<T[]>(statement)]);
  return rows;
}

/**
 * The page's rows among the first `walkRows` rows of the sort order (read through the sort index),
 * with how many of those rows match, up to `cap`. The condition is a column rather than a filter so
 * that the inner LIMIT bounds the rows read, matching or not.
 */
async function walk(
  search: WaitlistFilter,
  sort: WaitlistSort,
  limit: number,
  offset: number,
  cap: number,
  walkRows: number,
) {
  const hit = filterCondition(search, "walk");
  const key = orderKey(sort);
  const rows = await getDb().$queryRaw<(WaitlistRow & { matches: number })[]>`
    SELECT ${ROW_COLUMNS}, hits."matches"
     FROM (
       SELECT "id", row_number() OVER (ORDER BY ${orderBy(sort)}) AS "position", count(*) OVER ()::int AS "matches"
       FROM (
         SELECT "id", ${key} FROM (
           SELECT "id", ${key}, ${hit} AS "hit" FROM "waitlist" ORDER BY ${orderBy(sort)} LIMIT ${walkRows}::int
         ) AS walked
         WHERE "hit" ORDER BY ${orderBy(sort)} LIMIT ${cap}::int
       ) AS capped
     ) AS hits
     JOIN "waitlist" AS w ON w."id" = hits."id"
     ${ROW_JOINS}
     WHERE hits."position" > ${offset}::int AND hits."position" <= ${offset + limit}::int
     ORDER BY ${orderBy(sort, "w")}`;
  return { rows: rows.map(({ matches: _, ...row }) => row), matches: rows[0]?.matches ?? 0 };
}

// Every match through the plan, sorted, with their number: the cost follows the matches, however few.
async function collect(search: WaitlistFilter, sort: WaitlistSort, limit: number, offset: number, plan: Plan) {
  const where = filterCondition(search, plan === "bitmap" ? "indexed" : "scan");
  const page = await queryWithPlan<{ id: number; matches: number }>(
    plan,
    Prisma.sql`SELECT "id", count(*) OVER ()::int AS "matches" FROM "waitlist" WHERE ${where}
     ORDER BY ${orderBy(sort)} LIMIT ${limit}::int OFFSET ${offset}::int`,
  );
  return {
    rows: await rowsWithIds(
      page.map((row) => row.id),
      sort,
    ),
    matches: page[0]?.matches,
  };
}

// The rows themselves under the usual plans: a primary-key lookup each.
async function rowsWithIds(ids: number[], sort: WaitlistSort): Promise<WaitlistRow[]> {
  if (ids.length === 0) return [];
  return getDb().$queryRaw<WaitlistRow[]>`
    SELECT ${ROW_COLUMNS} FROM "waitlist" AS w ${ROW_JOINS}
    WHERE w."id" = ANY(${ids}::int[]) ORDER BY ${orderBy(sort, "w")}`;
}

async function countUpTo(search: WaitlistFilter, cap: number, plan: Plan): Promise<number> {
  const where = filterCondition(search, plan === "bitmap" ? "indexed" : "scan");
  const rows = await queryWithPlan<{ n: number }>(
    plan,
    Prisma.sql`SELECT count(*)::int AS "n" FROM (SELECT 1 FROM "waitlist" WHERE ${where} LIMIT ${cap}::int) AS matches`,
  );
  return rows[0]?.n ?? 0;
}

/** Filters that only the partial status index can narrow: an invited or accepted status, and no usable search. */
function narrowedByStatus(search: WaitlistFilter): boolean {
  return (search.status === "invited" || search.status === "accepted") && !filterCanNarrowByTrigram(search);
}

/** A page of invited or accepted entries: the page's ids, then their rows, and the count up to `cap`. */
async function statusPage(
  search: WaitlistFilter,
  sort: WaitlistSort,
  limit: number,
  offset: number,
  cap: number,
): Promise<SearchPage> {
  const where = filterCondition(search, "scan");
  const [page, counted] = await Promise.all([
    queryWithPlan<{ id: number }>(
      "status",
      Prisma.sql`SELECT "id" FROM "waitlist" WHERE ${where} ORDER BY ${orderBy(sort)} LIMIT ${limit}::int OFFSET ${offset}::int`,
    ),
    countUpTo(search, cap, "status"),
  ]);
  return {
    rows: await rowsWithIds(
      page.map((row) => row.id),
      sort,
    ),
    counted,
  };
}

/**
 * One page of a search's matches (in `sort` order) and the number of matches counted up to `cap`, in
 * time that follows the page and the matches rather than the table:
 * 1. Walk the first `walkRows` rows of the sort order. A broad search fills its page there; if it also
 *    reaches `cap` matches, that is the count too, else the trigram indexes count them.
 * 2. Otherwise the matches are few (or far down the order): collect them all through the trigram and
 *    business-type indexes and sort them. The cost follows the matches: tens of thousands, all far down
 *    the order (a first name, sorted by name), are the slower end. Searches those indexes cannot narrow
 *    (no three letters or digits in a row, e.g. "zq") scan the table instead: that is the slow case
 *    (see docs/benchmarks.md), and no index this schema has can serve it.
 */
export async function findSearchPage(
  search: WaitlistFilter,
  sort: WaitlistSort,
  limit: number,
  offset: number,
  cap: number,
  walkRows: number = SEARCH_WALK_ROWS,
): Promise<SearchPage> {
  if (narrowedByStatus(search)) return statusPage(search, sort, limit, offset, cap);
  const plan: Plan = filterCanNarrowByTrigram(search)
    ? "bitmap"
    : search.tags !== undefined || search.tagsAll !== undefined
      ? "tags"
      : "scan";
  if (offset + limit <= walkRows) {
    const walked = await walk(search, sort, limit, offset, cap, walkRows);
    if (walked.rows.length === limit) {
      const counted = walked.matches >= cap ? cap : await countUpTo(search, cap, plan);
      return { rows: walked.rows, counted };
    }
  }
  const { rows, matches } = await collect(search, sort, limit, offset, plan);
  // A page past the last match has no row to carry the count.
  const counted = matches ?? (offset > 0 ? await countUpTo(search, cap, plan) : 0);
  return { rows, counted: Math.min(counted, cap) };
}
