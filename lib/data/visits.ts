import "server-only";

import { assertVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import type { RangeBounds } from "@/lib/data/overview";
import { getDb } from "@/lib/db";

/**
 * The overview's visitor figures, from the daily counts of distinct visitors (visit_daily, see
 * lib/visits/count.ts) beside the signups' daily sums (waitlist_daily), both by the same source rule. A
 * visitor is counted once per day and source, so over a range "visitors" adds up each day's visitors: someone
 * who came back on three days is three.
 */

export interface SourceConversion {
  source: string;
  visitors: number;
  signups: number;
  confirmed: number;
  /** The sources beyond the top ones, summed. */
  rest?: true;
}

/** How many sources the conversion table names; the rest are summed as one row. */
export const TOP_CONVERSION_SOURCES = 10;

const number = (value: unknown) => Number(value ?? 0);

/**
 * The range's visitors, signups and confirmed signups per source, most visitors first (then most signups),
 * every source with a visitor or a signup: a signup whose visit was not counted (scripts off, a blocker) still
 * shows under its source.
 */
export async function overviewSourceConversion(actor: VerifiedAdmin, bounds: RangeBounds): Promise<SourceConversion[]> {
  assertVerifiedAdmin(actor);
  const start = bounds.start;
  const rows = await getDb().$queryRaw<{ source: string; visitors: bigint; signups: bigint; confirmed: bigint }[]>`
    WITH visits AS (
      SELECT "source", sum("visitors") AS "visitors" FROM "visit_daily"
      WHERE ${start}::date IS NULL OR "day" >= ${start}::date GROUP BY "source"
    ), signups AS (
      SELECT "source", sum("signups") AS "signups", sum("confirmed") AS "confirmed" FROM "waitlist_daily"
      WHERE ${start}::date IS NULL OR "day" >= ${start}::date GROUP BY "source"
    )
    SELECT COALESCE(v."source", s."source") AS "source", COALESCE(v."visitors", 0) AS "visitors",
           COALESCE(s."signups", 0) AS "signups", COALESCE(s."confirmed", 0) AS "confirmed"
    FROM visits v FULL JOIN signups s ON s."source" = v."source"
    WHERE COALESCE(v."visitors", 0) > 0 OR COALESCE(s."signups", 0) > 0
    ORDER BY 2 DESC, 3 DESC, 1`;
  const all: SourceConversion[] = rows.map((row) => ({
    source: row.source,
    visitors: number(row.visitors),
    signups: number(row.signups),
    confirmed: number(row.confirmed),
  }));
  if (all.length <= TOP_CONVERSION_SOURCES) return all;
  const rest = all.slice(TOP_CONVERSION_SOURCES - 1).reduce(
    (sum, row) => ({
      ...sum,
      visitors: sum.visitors + row.visitors,
      signups: sum.signups + row.signups,
      confirmed: sum.confirmed + row.confirmed,
    }),
    { source: "other sources", visitors: 0, signups: 0, confirmed: 0, rest: true as const },
  );
  return [...all.slice(0, TOP_CONVERSION_SOURCES - 1), rest];
}

/** The range's visitors, all sources together: the funnel's first step. */
export async function overviewVisitors(actor: VerifiedAdmin, bounds: RangeBounds): Promise<number> {
  assertVerifiedAdmin(actor);
  const [row] = await getDb().$queryRaw<{ visitors: bigint | null }[]>`
    SELECT sum("visitors") AS "visitors" FROM "visit_daily"
    WHERE ${bounds.start}::date IS NULL OR "day" >= ${bounds.start}::date`;
  return number(row?.visitors);
}
