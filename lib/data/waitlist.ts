import "server-only";

import { getDb } from "@/lib/db";
import { singleFlightCache } from "@/lib/single-flight-cache";
import type { WaitlistSignup } from "@/lib/validation/waitlist";

/** Signups allowed per client IP; counted in the database so the limit holds across server instances. */
export const WAITLIST_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;
export const WAITLIST_RATE_LIMIT_MESSAGE = "Too many signups from your connection. Please wait a minute and try again.";
/** The answer when the site-wide backstop (WAITLIST_SIGNUPS_PER_MINUTE) is reached. */
export const WAITLIST_BUSY_MESSAGE = "We're receiving a lot of signups right now. Please wait a minute and try again.";
export const WAITLIST_SUCCESS_MESSAGE = "You're on the list! We'll email you when it's your turn to try the product.";

/**
 * Caching of GET /api/waitlist/count: a CDN may hold it 10 s and serve it stale for a minute while it
 * refetches; browsers always revalidate. The form asks for a fresh copy (a unique query string) after a signup.
 */
export const WAITLIST_COUNT_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/**
 * Adds a signup in one atomic statement; a signup with an email already on the list changes nothing, so
 * nobody who merely knows an address can rewrite that person's details or consent. Concurrent identical
 * signups leave exactly one row. Returns nothing, so callers cannot tell a first signup from a repeat one.
 */
export async function addWaitlistEntry(signup: WaitlistSignup, consentedAt: Date = new Date()): Promise<void> {
  // The email arrives trimmed and lower-cased from the schema; folding again keeps the data layer safe on its own.
  const email = signup.email.trim().toLowerCase();
  await getDb().$executeRaw`
    INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "consentedAt")
    VALUES (${signup.name}, ${email}, ${signup.businessType}, ${signup.employees}, ${consentedAt})
    ON CONFLICT ("email") DO NOTHING`;
  // The visitor's own signup shows in the count they are shown next.
  countCache.invalidate();
}

/** How many entries the waiting list has: exact, and constant-time (it sums the trigger-kept counter slots). */
export async function countWaitlistEntries(): Promise<number> {
  const { _sum } = await getDb().waitlistCounter.aggregate({ _sum: { count: true } });
  return Number(_sum.count ?? 0);
}

/** How long GET /api/waitlist/count may answer from memory: one database read a second at most, per instance. */
export const WAITLIST_COUNT_TTL_MS = 1_000;

const countCache = singleFlightCache(WAITLIST_COUNT_TTL_MS, countWaitlistEntries);

/** The count as read at most WAITLIST_COUNT_TTL_MS ago, with one read at a time however many requests wait. */
export function cachedWaitlistCount(): Promise<number> {
  return countCache.get();
}

/** Forgets the cached count (after changes this process did not make through addWaitlistEntry). */
export function forgetCachedWaitlistCount(): void {
  countCache.invalidate();
}
