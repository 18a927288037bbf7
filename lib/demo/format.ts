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

/** Days from SCENARIO_TODAY to the calendar day of `now` where the visitor is. */
export function dayShiftFor(now: Date): number {
  return daysBetween(SCENARIO_TODAY, localIsoDate(now));
}

/**
 * Days from SCENARIO_TODAY to the visitor's today, fixed for the page's life. 0 where there is no visitor (the
 * server, at build time): the demos show dates only in the browser.
 */
export function demoDayShift(): number {
  dayShift ??= typeof window === "undefined" ? 0 : dayShiftFor(new Date());
  return dayShift;
}

/** A sample-data date as the visitor sees it: moved into their present (see SCENARIO_TODAY). */
function shown(iso: string, shift = demoDayShift()): Date {
  return new Date(parseIsoDate(iso) + shift * DAY_MS);
}

function longDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A day of the month as spoken, e.g. `1st`, `12th`, `22nd`. */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** An ISO date in the long form, e.g. `18 April 2025` (moved into the visitor's present). */
export function formatDemoDate(iso: string): string {
  return longDate(shown(iso));
}

/**
 * A date inside a demo's words, written as a token so the words show the same day as the cards beside them:
 * `date` reads `18 April 2025`, `day` reads `the 18th` without its article (`18th`).
 */
export function demoDate(iso: string, form: "date" | "day" = "date"): string {
  parseIsoDate(iso);
  return `{{${form}:${iso}}}`;
}

const DATE_TOKEN = /\{\{(date|day):(\d{4}-\d{2}-\d{2})\}\}/g;

/** A demo's words with their date tokens written out, moved by `shift` days (the visitor's present by default). */
export function resolveDemoDates(text: string, shift = demoDayShift()): string {
  return text.replace(DATE_TOKEN, (_token, form: string, iso: string) => {
    const date = shown(iso, shift);
    return form === "day" ? ordinalDay(date.getUTCDate()) : longDate(date);
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Sample data with every ISO date in it (and every date token in its words) moved by `days`: a scene written
 * for another day, replayed as if it were set on SCENARIO_TODAY.
 */
export function moveDemoDates<T>(value: T, days: number): T {
  if (typeof value === "string") {
    const moved = ISO_DATE.test(value)
      ? addDays(value, days)
      : value.replace(DATE_TOKEN, (_token, form: string, iso: string) => `{{${form}:${addDays(iso, days)}}}`);
    return moved as T;
  }
  if (Array.isArray(value)) return value.map((entry: unknown) => moveDemoDates(entry, days)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, moveDemoDates(entry, days)])) as T;
  }
  return value;
}

/** An ISO date in a compact form for tight layouts, e.g. `Thu 10 Apr` (moved into the visitor's present). */
export function formatDemoShortDate(iso: string): string {
  const date = shown(iso);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}
