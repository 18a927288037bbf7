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
  /** Of the signups, those whose own visit was counted: the conversion's numerator, never above visitors. */
  visited: number;
  confirmed: number;
  /** The sources beyond the top ones, summed. */
  rest?: true;
}

/** How many sources the conversion table names; the rest are summed as one row. */
export const TOP_CONVERSION_SOURCES = 10;

/**
 * A source with fewer visitors than this in the range and no signup is rare: summed with the rest as "other",
 * so odd utm_source values (typed by hand, or sent to fill the table) never crowd out the real ones.
 */
export const RARE_SOURCE_VISITORS = 3;

/** The conversion of a source or of everyone: signups whose visit was counted, of visitors; null without visitors. */
export function conversionRate(row: { visited: number; visitors: number }): number | null {
  return row.visitors === 0 ? null : Math.min(row.visited, row.visitors) / row.visitors;
}

const number = (value: unknown) => Number(value ?? 0);

/**
 * The range's visitors, signups (and of them those whose visit was counted) and confirmed signups per source,
 * most visitors first (then most signups), every source with a visitor or a signup: a signup whose visit was
 * not counted (scripts off, a blocker, an API client) still shows under its source, but not in its conversion.
 * Rare sources (RARE_SOURCE_VISITORS) and those beyond the top ones are summed as one row, "other sources".
 */
export async function overviewSourceConversion(actor: VerifiedAdmin, bounds: RangeBounds): Promise<SourceConversion[]> {
  assertVerifiedAdmin(actor);
  const start = bounds.start;
  const rows = await getDb().$queryRaw<
    { source: string; visitors: bigint; signups: bigint; visited: bigint; confirmed: bigint }[]
  >`
    WITH visits AS (
      SELECT "source", sum("visitors") AS "visitors" FROM "visit_daily"
      WHERE ${start}::date IS NULL OR "day" >= ${start}::date GROUP BY "source"
    ), signups AS (
      SELECT "source", sum("signups") AS "signups", sum("visited") AS "visited", sum("confirmed") AS "confirmed" FROM "waitlist_daily"
      WHERE ${start}::date IS NULL OR "day" >= ${start}::date GROUP BY "source"
    )
    SELECT COALESCE(v."source", s."source") AS "source", COALESCE(v."visitors", 0) AS "visitors",
           COALESCE(s."signups", 0) AS "signups", COALESCE(s."visited", 0) AS "visited", COALESCE(s."confirmed", 0) AS "confirmed"
    FROM visits v FULL JOIN signups s ON s."source" = v."source"
    WHERE COALESCE(v."visitors", 0) > 0 OR COALESCE(s."signups", 0) > 0
    ORDER BY 2 DESC, 3 DESC, 1`;
  const all: SourceConversion[] = rows.map((row) => ({
    source: row.source,
    visitors: number(row.visitors),
    signups: number(row.signups),
    visited: number(row.visited),
    confirmed: number(row.confirmed),
  }));
  const rare = (row: SourceConversion) => row.signups === 0 && row.visitors < RARE_SOURCE_VISITORS;
  const named = all.filter((row) => !rare(row));
  const rest = [...named.slice(TOP_CONVERSION_SOURCES - 1), ...all.filter(rare)];
  if (rest.length === 0 || (rest.length === 1 && named.length === TOP_CONVERSION_SOURCES)) return named;
  const summed = rest.reduce(
    (sum, row) => ({
      ...sum,
      visitors: sum.visitors + row.visitors,
      signups: sum.signups + row.signups,
      visited: sum.visited + row.visited,
      confirmed: sum.confirmed + row.confirmed,
    }),
    { source: "other sources", visitors: 0, signups: 0, visited: 0, confirmed: 0, rest: true as const },
  );
  return [...named.slice(0, TOP_CONVERSION_SOURCES - 1), summed];
}

/** The range's visitors, all sources together: the funnel's first step. */
export async function overviewVisitors(actor: VerifiedAdmin, bounds: RangeBounds): Promise<number> {
  assertVerifiedAdmin(actor);
  const [row] = await getDb().$queryRaw<{ visitors: bigint | null }[]>`
    SELECT sum("visitors") AS "visitors" FROM "visit_daily"
    WHERE ${bounds.start}::date IS NULL OR "day" >= ${bounds.start}::date`;
  return number(row?.visitors);
}
