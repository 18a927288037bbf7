/**
 * How the site writes numbers, dates and times for people: British English throughout, and UTC where the
 * admin pages say so beside the figure. The landing page's demos keep their own (lib/demo/format.ts): their
 * dates are moved into the visitor's present.
 */

const numberFormat = new Intl.NumberFormat("en-GB");
const percentFormat = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const ratioFormat = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const localLongDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long" });

/** A count with digit grouping: `1,234`. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A share (0.125) as a percentage with at most one decimal: `12.5%`. */
export function formatPercent(share: number): string {
  return percentFormat.format(share);
}

/** A ratio with exactly two decimals: `0.25`, `1.00`. */
export function formatRatio(value: number): string {
  return ratioFormat.format(value);
}

/** A timestamp as a day in the reader's own time zone, e.g. "3 March 2026"; empty for an unreadable one. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : localLongDate.format(date);
}

/** Times in the admin's tables and detail pages, in UTC (the pages say so beside them). */
export const utcDateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** The same with seconds, where entries can be moments apart (the audit log, one email's details). */
export const utcDateTimeSeconds = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

/** A UTC day on its own ("25 November 2026"): the overview's days and the daily digest's. */
export const utcLongDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** A UTC day in a chart's axis: "25 Nov". */
export const utcShortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A UTC day with its weekday, for a chart's tooltip: "Wed, 25 November 2026". */
export const utcWeekdayDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A UTC day given as `YYYY-MM-DD`, read as that day (not the machine's). */
export const utcDayDate = (day: string) => new Date(`${day}T00:00:00Z`);
