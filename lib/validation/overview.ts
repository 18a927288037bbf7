import { z } from "@/lib/validation/zod";

/**
 * The overview's ranges: today (UTC, by hour: the launch-day view), the last 7, 30 or 90 UTC days (today
 * included), or all time.
 */
export const OVERVIEW_RANGES = ["today", "7", "30", "90", "all"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export const DEFAULT_OVERVIEW_RANGE: OverviewRange = "30";

export const RANGE_LABELS: Record<OverviewRange, string> = {
  today: "Today",
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
  all: "All time",
};

/** How many UTC days a range covers (all time: from the first signup). */
export const RANGE_DAYS: Record<Exclude<OverviewRange, "all">, number> = { today: 1, "7": 7, "30": 30, "90": 90 };

const rangeSchema = z.enum(OVERVIEW_RANGES);

/** The range in a URL's `?range=`; anything else (a stale or hand-edited link) is the default. */
export function readOverviewRange(value: string | null | undefined): OverviewRange {
  const parsed = rangeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_OVERVIEW_RANGE;
}
