/** Formatting and date arithmetic for the demos' sample data (display only, always en-GB, always UTC). */

import { groupDigits } from "@/lib/group-digits";

// Written out rather than with Intl: creating an Intl formatter loads locale data on the main thread (a noticeable
// pause on a phone), and the demo scripts format their sample data as they load, in the hero demo's start-up.
// format.test.ts checks every function here against Intl's en-GB output.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
// en-GB's short September is "Sept" (CLDR).
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** An amount in pounds as text, e.g. `£85`, `£1,210` or `£12.50` (pence only when there are any). */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  if (Number.isInteger(amount)) return `${sign}£${groupDigits(Math.abs(amount))}`;
  const pence = Math.round(Math.abs(amount) * 100);
  return `${sign}£${groupDigits(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, "0")}`;
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

/**
 * The day the demos' sample data is written around. Every date a demo shows is moved by the same number of
 * days, so that this day is the visitor's today: the sample invoices never look stale, on a page built once.
 */
export const SCENARIO_TODAY = "2025-04-10";

let dayShift: number | undefined;

/** The visitor's calendar date, as YYYY-MM-DD. */
function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/**
 * Days from SCENARIO_TODAY to the visitor's today, fixed for the page's life. 0 where there is no visitor (the
 * server, at build time): the demos show dates only in the browser.
 */
export function demoDayShift(): number {
  dayShift ??= typeof window === "undefined" ? 0 : daysBetween(SCENARIO_TODAY, localIsoDate(new Date()));
  return dayShift;
}

/** A sample-data date as the visitor sees it: moved into their present (see SCENARIO_TODAY). */
function shown(iso: string): Date {
  return new Date(parseIsoDate(iso) + demoDayShift() * DAY_MS);
}

/** An ISO date in the long form, e.g. `18 April 2025` (moved into the visitor's present). */
export function formatDemoDate(iso: string): string {
  const date = shown(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** An ISO date in a compact form for tight layouts, e.g. `Thu 10 Apr` (moved into the visitor's present). */
export function formatDemoShortDate(iso: string): string {
  const date = shown(iso);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}
