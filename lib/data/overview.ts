import "server-only";

import { addDays, differenceInCalendarDays } from "date-fns";

import { assertVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OverviewRange } from "@/lib/validation/overview";

/**
 * The admin overview, read from the sums the database keeps by trigger (waitlist_daily and
 * waitlist_daily_events), one query per widget, so no figure reads the waitlist itself. Days are UTC days.
 */

/** A UTC day as `YYYY-MM-DD`. */
type Day = string;

/** The days a range covers, today (UTC) included, and the same number of days before them; all time has no bounds. */
export interface RangeBounds {
  /** First day of the range, or null for all time. */
  start: Day | null;
  /** First day of the previous period of the same length, or null for all time. */
  previousStart: Day | null;
  today: Day;
}

/** A moment's UTC day, `YYYY-MM-DD`. */
export const utcDay = (date: Date): Day => date.toISOString().slice(0, 10);
// date-fns works in the machine's zone: step whole days from UTC noon so a day never lands on a zone change.
const shiftDay = (day: Day, days: number): Day => utcDay(addDays(new Date(`${day}T12:00:00Z`), days));

export function rangeBounds(range: OverviewRange, now: Date = new Date()): RangeBounds {
  const today = utcDay(now);
  if (range === "all") return { start: null, previousStart: null, today };
  const days = Number(range);
  const start = shiftDay(today, -(days - 1));
  return { start, previousStart: shiftDay(start, -days), today };
}

/** A figure for the range, beside the previous period of the same length (null for all time). */
export interface Compared {
  current: number;
  previous: number | null;
}

export interface Headline {
  signups: Compared;
  /** Of the range's signups, how many are confirmed: numerator and denominator, for the rate. */
  confirmed: Compared;
  /** Invitations sent, and invitations accepted, on the range's days. */
  invited: Compared;
  accepted: Compared;
}

export interface DayCount {
  day: Day;
  signups: number;
}

export interface Breakdown {
  key: string;
  signups: number;
  /** The sources beyond the top ones, summed. */
  rest?: true;
}

export interface Funnel {
  signups: number;
  confirmed: number;
  invited: number;
  accepted: number;
}

/** How many sources the overview names; the rest are summed as "other sources". */
export const TOP_SOURCES = 8;

const number = (value: unknown) => Number(value ?? 0);

/** Signups, confirmations, invitations and acceptances for the range and the period before it. */
export async function overviewHeadline(actor: VerifiedAdmin, bounds: RangeBounds): Promise<Headline> {
  assertVerifiedAdmin(actor);
  const { start, previousStart } = bounds;
  // The range, the period of the same length before it, and both together (what each table is read for).
  const inRange = Prisma.sql`(${start}::date IS NULL OR "day" >= ${start}::date)`;
  const inPrevious = Prisma.sql`("day" >= ${previousStart}::date AND "day" < ${start}::date)`;
  const inEither = Prisma.sql`(${previousStart}::date IS NULL OR "day" >= ${previousStart}::date)`;
  const [row] = await getDb().$queryRaw<Record<string, bigint | null>[]>`
    WITH cohort AS (
      SELECT
        sum("signups") FILTER (WHERE ${inRange}) AS "signups",
        sum("confirmed") FILTER (WHERE ${inRange}) AS "confirmed",
        sum("signups") FILTER (WHERE ${inPrevious}) AS "previous:signups",
        sum("confirmed") FILTER (WHERE ${inPrevious}) AS "previous:confirmed"
      FROM "waitlist_daily" WHERE ${inEither}
    ), events AS (
      SELECT
        sum("invited") FILTER (WHERE ${inRange}) AS "invited",
        sum("accepted") FILTER (WHERE ${inRange}) AS "accepted",
        sum("invited") FILTER (WHERE ${inPrevious}) AS "previous:invited",
        sum("accepted") FILTER (WHERE ${inPrevious}) AS "previous:accepted"
      FROM "waitlist_daily_events" WHERE ${inEither}
    )
    SELECT * FROM cohort, events`;
  const compared = (figure: keyof Headline): Compared => ({
    current: number(row?.[figure]),
    previous: previousStart === null ? null : number(row?.[`previous:${figure}`]),
  });
  return {
    signups: compared("signups"),
    confirmed: compared("confirmed"),
    invited: compared("invited"),
    accepted: compared("accepted"),
  };
}

/** Signups on each day of the range, days without any included (all time starts at the first signup). */
export async function overviewSignupsPerDay(actor: VerifiedAdmin, bounds: RangeBounds): Promise<DayCount[]> {
  assertVerifiedAdmin(actor);
  const rows = await getDb().$queryRaw<{ day: Date; signups: bigint }[]>`
    SELECT "day", sum("signups") AS "signups" FROM "waitlist_daily"
    WHERE ${bounds.start}::date IS NULL OR "day" >= ${bounds.start}::date
    GROUP BY "day" HAVING sum("signups") > 0 ORDER BY "day"`;
  const counts = new Map(rows.map((row) => [utcDay(row.day), number(row.signups)]));
  const first = bounds.start ?? (rows[0] ? utcDay(rows[0].day) : bounds.today);
  const length = differenceInCalendarDays(new Date(`${bounds.today}T12:00:00Z`), new Date(`${first}T12:00:00Z`)) + 1;
  return Array.from({ length: Math.max(length, 0) }, (_, index) => {
    const day = shiftDay(first, index);
    return { day, signups: counts.get(day) ?? 0 };
  });
}

/** The range's signups by one of the kept dimensions, most first (sources: the top ones and the rest summed). */
export async function overviewBreakdown(
  actor: VerifiedAdmin,
  bounds: RangeBounds,
  by: "businessType" | "employees" | "source",
): Promise<Breakdown[]> {
  assertVerifiedAdmin(actor);
  const column = { businessType: `"businessType"`, employees: `"employees"`, source: `"source"` }[by];
  const rows = await getDb().$queryRawUnsafe<{ key: string; signups: bigint }[]>(
    `SELECT ${column} AS "key", sum("signups") AS "signups" FROM "waitlist_daily"
     WHERE $1::date IS NULL OR "day" >= $1::date
     GROUP BY 1 HAVING sum("signups") > 0 ORDER BY 2 DESC, 1`,
    bounds.start,
  );
  const all = rows.map((row) => ({ key: row.key, signups: number(row.signups) }));
  if (by !== "source" || all.length <= TOP_SOURCES) return all;
  const rest = all.slice(TOP_SOURCES - 1).reduce((sum, row) => sum + row.signups, 0);
  return [...all.slice(0, TOP_SOURCES - 1), { key: "other sources", signups: rest, rest: true }];
}

/** How many sources the list's source filter suggests. */
export const KNOWN_SOURCES_LIMIT = 100;

/**
 * Every source that has brought a signup, most signups first (then A to Z), up to KNOWN_SOURCES_LIMIT: what the
 * list's source filter offers to complete. Read from the daily sums, so it costs the same at any list size.
 */
export async function knownSources(actor: VerifiedAdmin): Promise<string[]> {
  assertVerifiedAdmin(actor);
  const rows = await getDb().$queryRaw<{ source: string }[]>`
    SELECT "source" FROM "waitlist_daily" GROUP BY "source" HAVING sum("signups") > 0
    ORDER BY sum("signups") DESC, "source" LIMIT ${KNOWN_SOURCES_LIMIT}`;
  return rows.map((row) => row.source);
}

/** Of the range's signups: how many confirmed, were invited, and accepted. */
export async function overviewFunnel(actor: VerifiedAdmin, bounds: RangeBounds): Promise<Funnel> {
  assertVerifiedAdmin(actor);
  const [row] = await getDb().$queryRaw<Record<keyof Funnel, bigint | null>[]>`
    SELECT sum("signups") AS "signups", sum("confirmed") AS "confirmed", sum("invited") AS "invited", sum("accepted") AS "accepted"
    FROM "waitlist_daily" WHERE ${bounds.start}::date IS NULL OR "day" >= ${bounds.start}::date`;
  return {
    signups: number(row?.signups),
    confirmed: number(row?.confirmed),
    invited: number(row?.invited),
    accepted: number(row?.accepted),
  };
}
