import { utcDayDate, utcShortDay, utcWeekdayDate } from "@/lib/format";

/** What one bar of the signups chart stands for: a UTC day (`YYYY-MM-DD`) or an hour (its start, ISO 8601). */
export type ChartUnit = "day" | "hour";

export interface ChartPoint {
  at: string;
  signups: number;
}

/** At most this many labels under the chart, so they never crowd or overlap. */
export const MAX_TICKS = 8;

// Steps a reader counts in: days by one, two, a week, a fortnight, about a month, a quarter, half a year,
// a year; hours by one, two, three, four, six or twelve.
const STEPS: Record<ChartUnit, number[]> = { day: [1, 2, 7, 14, 30, 91, 182, 365], hour: [1, 2, 3, 4, 6, 12] };

/**
 * The points that get a label on the x-axis: evenly spaced, one step apart, counted back from the latest
 * (today, or this hour, always has one), at most MAX_TICKS of them.
 */
export function evenTicks(points: readonly ChartPoint[], unit: ChartUnit, maxTicks: number = MAX_TICKS): string[] {
  const steps = STEPS[unit];
  const step = steps.find((candidate) => Math.ceil(points.length / candidate) <= maxTicks) ?? steps.at(-1)!;
  const ticks: string[] = [];
  for (let index = points.length - 1; index >= 0 && ticks.length < maxTicks; index -= step)
    ticks.push(points[index]!.at);
  return ticks.reverse();
}

/** "13:00", an hour's start in UTC. */
export const hourLabel = (at: string) => `${at.slice(11, 13)}:00`;

/** "13:00–14:00", an hour in UTC. */
export function hourSpan(at: string): string {
  const next = (Number(at.slice(11, 13)) + 1) % 24;
  return `${hourLabel(at)}–${String(next).padStart(2, "0")}:00`;
}

/** A point's label under the chart. */
export const tickLabel = (at: string, unit: ChartUnit) =>
  unit === "hour" ? hourLabel(at) : utcShortDay.format(utcDayDate(at));

/** A point's label in the tooltip, whole. */
export const tooltipLabel = (at: string, unit: ChartUnit) =>
  unit === "hour" ? `${hourSpan(at)} (UTC)` : `${utcWeekdayDate.format(utcDayDate(at))} (UTC)`;
