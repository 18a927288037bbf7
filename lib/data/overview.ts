import "server-only";

import { addDays, differenceInCalendarDays } from "date-fns";

import { assertVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { RANGE_DAYS, type OverviewRange } from "@/lib/validation/overview";
import { STORED_TEAM_SIZE_OPTIONS } from "@/lib/validation/waitlist";

/**
 * The admin overview, read from the sums the database keeps by trigger (waitlist_daily and
 * waitlist_daily_events), one query per widget, so no count reads the waitlist itself (today's signups by
 * hour and the top referrers read a narrow index of it). Days are UTC days.
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
  const days = RANGE_DAYS[range];
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
  /** The range's signups held for review (no valid proof of work), which count in none of the figures until released. */
  held: number;
}

export interface DayCount {
  day: Day;
  signups: number;
}

export interface HourCount {
  /** The hour's start, ISO 8601 in UTC ("2026-11-26T13:00:00.000Z"). */
  hour: string;
  signups: number;
}

/**
 * All time spans at least this many days on the chart: with only a day or two of signups, each bar would
 * otherwise fill the whole width.
 */
export const MIN_CHART_DAYS = 7;

export interface Breakdown {
  key: string;
  signups: number;
  /** The sources beyond the top ones, summed. */
  rest?: true;
}

export interface Funnel {
  signups: number;
  /** Of the signups, those whose own visit was counted (the rest sent no beacon: scripts off, a blocker, an API client). */
  visited: number;
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
        sum("confirmed") FILTER (WHERE ${inPrevious}) AS "previous:confirmed",
        sum("held") FILTER (WHERE ${inRange}) AS "held"
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
  const compared = (figure: Exclude<keyof Headline, "held">): Compared => ({
    current: number(row?.[figure]),
    previous: previousStart === null ? null : number(row?.[`previous:${figure}`]),
  });
  return {
    signups: compared("signups"),
    confirmed: compared("confirmed"),
    invited: compared("invited"),
    accepted: compared("accepted"),
    held: number(row?.held),
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
  const earliest = shiftDay(bounds.today, -(MIN_CHART_DAYS - 1));
  const firstSignup = rows[0] ? utcDay(rows[0].day) : bounds.today;
  const first = bounds.start ?? (firstSignup < earliest ? firstSignup : earliest);
  const length = differenceInCalendarDays(new Date(`${bounds.today}T12:00:00Z`), new Date(`${first}T12:00:00Z`)) + 1;
  return Array.from({ length: Math.max(length, 0) }, (_, index) => {
    const day = shiftDay(first, index);
    return { day, signups: counts.get(day) ?? 0 };
  });
}

/**
 * Signups in each hour (UTC) of today so far, the current hour included: the launch-day view. Counted from
 * the waitlist itself rather than a kept table: one day's rows, read in order through the joinedAt index
 * (index only), cost little even on a busy launch day, and signups write nothing more for it.
 */
export async function overviewSignupsPerHour(actor: VerifiedAdmin, now: Date = new Date()): Promise<HourCount[]> {
  assertVerifiedAdmin(actor);
  const start = new Date(`${utcDay(now)}T00:00:00Z`);
  const rows = await getDb().$queryRaw<{ hour: number; signups: number }[]>`
    SELECT extract(hour FROM "joinedAt" AT TIME ZONE 'UTC')::int AS "hour", count(*)::int AS "signups"
    FROM "waitlist" WHERE "joinedAt" >= ${start}::timestamptz AND "joinedAt" < ${start}::timestamptz + interval '1 day' AND "heldAt" IS NULL
    GROUP BY 1`;
  const counts = new Map(rows.map((row) => [row.hour, row.signups]));
  return Array.from({ length: now.getUTCHours() + 1 }, (_, hour) => ({
    hour: new Date(start.getTime() + hour * 3_600_000).toISOString(),
    signups: counts.get(hour) ?? 0,
  }));
}

/** Team sizes in their natural order, smallest first (what the signup form offers), then "Not given" (imports). */
const TEAM_SIZE_ORDER = new Map<string, number>(STORED_TEAM_SIZE_OPTIONS.map((option, index) => [option.value, index]));

/**
 * The range's signups by one of the kept dimensions: business types and sources most first (sources: the
 * top ones and the rest summed), team sizes in their natural order (1, 2-5, 6-10, 11+), which reads as a
 * distribution.
 */
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
  if (by === "employees") {
    const place = (key: string) => TEAM_SIZE_ORDER.get(key) ?? TEAM_SIZE_ORDER.size;
    return all.sort((a, b) => place(a.key) - place(b.key) || a.key.localeCompare(b.key));
  }
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

/** Of the range's signups: how many had their visit counted, confirmed, were invited, and accepted. */
export async function overviewFunnel(actor: VerifiedAdmin, bounds: RangeBounds): Promise<Funnel> {
  assertVerifiedAdmin(actor);
  const [row] = await getDb().$queryRaw<Record<keyof Funnel, bigint | null>[]>`
    SELECT sum("signups") AS "signups", sum("visited") AS "visited", sum("confirmed") AS "confirmed", sum("invited") AS "invited", sum("accepted") AS "accepted"
    FROM "waitlist_daily" WHERE ${bounds.start}::date IS NULL OR "day" >= ${bounds.start}::date`;
  return {
    signups: number(row?.signups),
    visited: number(row?.visited),
    confirmed: number(row?.confirmed),
    invited: number(row?.invited),
    accepted: number(row?.accepted),
  };
}

/** How many top referrers the overview names. */
export const TOP_REFERRERS = 5;

export interface TopReferrer {
  id: number;
  name: string;
  email: string;
  /** Their referrals credited in the range. */
  credited: number;
}

export interface Referrals {
  /** The range's signups, and those of them that came through someone's referral link. */
  signups: number;
  referred: number;
  /** Entries that confirmed their address in the range, and referrals credited in the range. */
  confirmed: number;
  credited: number;
  /** Referrals credited per confirmation, both in the range: what each confirmed signup brought; null without any. */
  viralFactor: number | null;
  /** The entries with the most referrals credited in the range, most first (then the lowest id: the first to join). */
  topReferrers: TopReferrer[];
}

/**
 * How much of the range's growth came by referral: the share of its signups that came through someone's link,
 * the entries whose referrals were credited most, and the viral factor (referrals credited per confirmation).
 * A referral counts on the day it was credited, when the friend confirmed (prisma/sql/functions/waitlist_line.sql
 * decides; a withheld one counts for nothing).
 *
 * Cheap at any list size: the counts are the kept daily sums (a few rows a day). A range's top referrers are one
 * range of an index that holds only credited referrals, read without the table and grouped by referrer; all
 * time's are the first entries of an index on the credits the line keeps on each referrer, which are never taken
 * back, so all time also counts a friend who has since left, as the referrer's place in line does.
 */
export async function overviewReferrals(actor: VerifiedAdmin, bounds: RangeBounds): Promise<Referrals> {
  assertVerifiedAdmin(actor);
  const { start } = bounds;
  const inRange = Prisma.sql`(${start}::date IS NULL OR "day" >= ${start}::date)`;
  const top =
    start === null
      ? Prisma.sql`
        SELECT "id", "referralCredits" AS "credited" FROM "waitlist" WHERE "referralCredits" > 0
        ORDER BY "referralCredits" DESC, "id" LIMIT ${TOP_REFERRERS}`
      : Prisma.sql`
        SELECT "referredById" AS "id", count(*)::int AS "credited" FROM "waitlist"
        WHERE "referralCredit" = 'credited' AND "referredById" IS NOT NULL
          AND "referralCheckedAt" >= ${new Date(`${start}T00:00:00Z`)}::timestamptz
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${TOP_REFERRERS}`;
  const [row] = await getDb().$queryRaw<
    (Record<"signups" | "referred" | "confirmed" | "credited", bigint | null> & { topReferrers: TopReferrer[] })[]
  >`
    WITH top AS (${top})
    SELECT * FROM
      (SELECT sum("signups") AS "signups", sum("referred") AS "referred" FROM "waitlist_daily" WHERE ${inRange}) AS cohort,
      (SELECT sum("confirmed") AS "confirmed", sum("credited") AS "credited" FROM "waitlist_daily_events" WHERE ${inRange}) AS events,
      (SELECT coalesce(json_agg(json_build_object('id', w."id", 'name', w."name", 'email', w."email", 'credited', top."credited")
                                ORDER BY top."credited" DESC, w."id"), '[]') AS "topReferrers"
       FROM top JOIN "waitlist" AS w ON w."id" = top."id") AS referrers`;
  const confirmed = number(row?.confirmed);
  const credited = number(row?.credited);
  return {
    signups: number(row?.signups),
    referred: number(row?.referred),
    confirmed,
    credited,
    viralFactor: confirmed === 0 ? null : credited / confirmed,
    topReferrers: row?.topReferrers ?? [],
  };
}
