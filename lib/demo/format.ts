/** Formatting and date arithmetic for the demos' sample data (display only, always en-GB, always UTC). */

const poundsWhole = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const poundsPence = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** An amount in pounds as text, e.g. `£85`, `£1,210` or `£12.50` (pence only when there are any). */
export function formatMoney(amount: number): string {
  return Number.isInteger(amount) ? poundsWhole.format(amount) : poundsPence.format(amount);
}

/** The sum of price × quantity over line items, rounded to pence. */
export function lineItemsTotal(items: readonly { price: number; quantity: number }[]): number {
  const pence = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return pence / 100;
}

const DAY_MS = 86_400_000;

function parseIsoDate(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** An ISO date (YYYY-MM-DD) moved by a number of days. */
export function addDays(iso: string, days: number): string {
  return new Date(parseIsoDate(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one ISO date to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to) - parseIsoDate(from)) / DAY_MS);
}

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const shortDate = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** An ISO date in the long form, e.g. `18 April 2025`. */
export function formatLongDate(iso: string): string {
  return longDate.format(parseIsoDate(iso));
}

/** An ISO date in a compact form for tight layouts, e.g. `Thu 10 Apr`. */
export function formatShortDate(iso: string): string {
  return shortDate.format(parseIsoDate(iso));
}
