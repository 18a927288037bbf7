import "server-only";

import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { HttpError } from "@/lib/http";
import { ipv6Groups, mappedIPv4 } from "@/lib/ip-address";

/**
 * Who a per-client limit counts against, for a client address: an IPv4 address as it is (IPv4-mapped IPv6
 * too), an IPv6 one by its /64, because a subscriber is routinely given a whole /64 and could otherwise
 * take a fresh address, and a fresh budget, for every request. Anything else is kept as it is.
 */
export function clientRateKey(ip: string): string {
  const mapped = mappedIPv4(ip);
  if (mapped) return mapped;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `waitlist:ip:203.0.113.5`. */
  key: string;
  limit: number;
  windowMs: number;
  /**
   * Counted over the last `windowMs` whenever it is asked, rather than in fixed windows: with fixed windows a
   * limit's worth of tries at the end of one window and another at the start of the next both pass. Kept for
   * the guesses where that doubling matters (second-step codes, resends).
   */
  sliding?: boolean;
  /** What a refusal by this rule says, where the rules of one call refuse in different words. */
  message?: string;
}

export interface RateLimitState {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

function windowOf(rule: RateLimitRule, now: number) {
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  return { start: new Date(start), end: new Date(start + rule.windowMs) };
}

function stateOf(rule: RateLimitRule, count: number, end: Date, now: number): RateLimitState {
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((end.getTime() - now) / 1000)),
  };
}

/** A sliding limit is kept in this many buckets per window: it may count up to one bucket more than its window. */
const SLIDING_BUCKETS = 15;

function bucketsOf(rule: RateLimitRule, now: number) {
  const bucketMs = Math.max(1, Math.floor(rule.windowMs / SLIDING_BUCKETS));
  const start = Math.floor(now / bucketMs) * bucketMs;
  // Every bucket that overlaps the last windowMs counts.
  return { bucketMs, start: new Date(start), since: new Date(now - rule.windowMs - bucketMs) };
}

/** A sliding limit's state: the count over the window, and when its oldest counted bucket stops counting. */
function slidingStateOf(rule: RateLimitRule, count: number, oldest: Date | null, now: number): RateLimitState {
  const { bucketMs } = bucketsOf(rule, now);
  const end = new Date((oldest?.getTime() ?? now) + rule.windowMs + bucketMs);
  return stateOf(rule, count, end, now);
}

async function hitSlidingLimit(rule: RateLimitRule, now: number): Promise<RateLimitState> {
  const { bucketMs, start, since } = bucketsOf(rule, now);
  const expiresAt = new Date(start.getTime() + rule.windowMs + bucketMs);
  const rows = await getDb().$queryRaw<{ count: number; oldest: Date | null }[]>`
    WITH hit AS (
      INSERT INTO "rate_limits" ("key", "windowStart", "count", "expiresAt")
      VALUES (${rule.key}, ${start}, 1, ${expiresAt})
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "rate_limits"."count" + 1
      RETURNING "count"
    ), earlier AS (
      SELECT COALESCE(SUM("count"), 0)::int AS "count", MIN("windowStart") AS "oldest" FROM "rate_limits"
      WHERE "key" = ${rule.key} AND "windowStart" > ${since} AND "windowStart" < ${start} AND "count" > 0
    )
    SELECT ((SELECT "count" FROM hit) + "count")::int AS "count", COALESCE("oldest", ${start}) AS "oldest" FROM earlier`;
  if (Math.random() < 0.01) await pruneRateLimits(new Date(now));
  const row = rows[0];
  return slidingStateOf(rule, Number(row?.count ?? 1), row?.oldest ?? start, now);
}

async function peekSlidingLimit(rule: RateLimitRule, now: number): Promise<RateLimitState> {
  const { since } = bucketsOf(rule, now);
  const rows = await getDb().$queryRaw<{ count: number; oldest: Date | null }[]>`
    SELECT COALESCE(SUM("count"), 0)::int AS "count", MIN("windowStart") AS "oldest" FROM "rate_limits"
    WHERE "key" = ${rule.key} AND "windowStart" > ${since} AND "count" > 0`;
  const count = Number(rows[0]?.count ?? 0);
  return { ...slidingStateOf(rule, count, rows[0]?.oldest ?? null, now), allowed: count < rule.limit };
}

/**
 * Takes back the latest hit of a sliding limit: for an attempt that turned out right, which should not count
 * as a guess, while the wrong ones before it still do.
 */
export async function undoRateLimitHit(rule: RateLimitRule): Promise<void> {
  await getDb().$executeRaw`
    UPDATE "rate_limits" SET "count" = "count" - 1
    WHERE "key" = ${rule.key} AND "count" > 0 AND "windowStart" = (
      SELECT MAX("windowStart") FROM "rate_limits" WHERE "key" = ${rule.key} AND "count" > 0)`;
}

/**
 * Counts one hit against a fixed-window limit (or a sliding one, see RateLimitRule), atomically in the database so the limit holds across
 * server instances. `allowed` is false once the count passes the limit.
 */
export async function hitRateLimit(rule: RateLimitRule, now = Date.now()): Promise<RateLimitState> {
  if (rule.sliding) return hitSlidingLimit(rule, now);
  const { start, end } = windowOf(rule, now);
  const rows = await getDb().$queryRaw<{ count: number }[]>`
    INSERT INTO "rate_limits" ("key", "windowStart", "count", "expiresAt")
    VALUES (${rule.key}, ${start}, 1, ${end})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "rate_limits"."count" + 1
    RETURNING "count"`;
  // Old windows are swept now and then rather than on every request.
  if (Math.random() < 0.01) await pruneRateLimits(new Date(now));
  return stateOf(rule, Number(rows[0]?.count ?? 1), end, now);
}

/** Reads a limit's current count without adding to it; `allowed` is false once it has reached the limit. */
export async function peekRateLimit(rule: RateLimitRule, now = Date.now()): Promise<RateLimitState> {
  if (rule.sliding) return peekSlidingLimit(rule, now);
  const { start, end } = windowOf(rule, now);
  const row = await getDb().rateLimit.findUnique({
    where: { key_windowStart: { key: rule.key, windowStart: start } },
    select: { count: true },
  });
  const count = row?.count ?? 0;
  return { ...stateOf(rule, count, end, now), allowed: count < rule.limit };
}

/** Forgets every window of a key (e.g. failed logins after a successful one). */
export async function resetRateLimit(key: string): Promise<void> {
  await getDb().rateLimit.deleteMany({ where: { key } });
}

/** Deletes windows that have ended; returns how many went. */
export async function pruneRateLimits(now = new Date()): Promise<number> {
  return (await getDb().rateLimit.deleteMany({ where: { expiresAt: { lt: now } } })).count;
}

/** A 429 HttpError carrying Retry-After. */
export function tooManyRequests(state: RateLimitState, message: string): HttpError {
  return new HttpError(429, message, { headers: { "Retry-After": String(state.retryAfterSeconds) } });
}

/** Fixed-window limits counted inside a caller's own statement (rateLimitHitsSql). */
export interface RateLimitHits {
  /** One CTE per rule (`hit_0`, `hit_1`…), for the caller's WITH. */
  with: Prisma.Sql;
  /** What each rule counted, as an int[] (NULL for a rule not reached because one before it refused). */
  counts: Prisma.Sql;
  /** True when every rule allows: the condition for the caller's own work. */
  allowed: Prisma.Sql;
  /** The 429 of the first rule that refused, given the statement's `counts`, or null when all allowed. */
  refusal(counts: readonly (number | null)[]): HttpError | null;
}

/**
 * Counts a hit on each of several fixed-window rules (distinct keys) as part of one statement, in order, as one
 * call per rule would: a rule is counted only while every rule before it allows, so a client over its own limit
 * adds nothing to a site-wide one. In the statement that does the limited work, the limits cost no round trip
 * and no commit of their own; if that statement fails, its hits go with it.
 */
export function rateLimitHitsSql(rules: RateLimitRule[], message: string, now = Date.now()): RateLimitHits {
  if (
    rules.length === 0 ||
    new Set(rules.map((rule) => rule.key)).size !== rules.length ||
    rules.some((r) => r.sliding)
  )
    throw new Error("rateLimitHitsSql takes one or more fixed-window rules with distinct keys");
  const windows = rules.map((rule) => windowOf(rule, now));
  const name = (index: number) => Prisma.raw(`"hit_${index}"`);
  const hits = rules.map((rule, index) => {
    const { start, end } = windows[index]!;
    const counted =
      index === 0
        ? Prisma.empty
        : Prisma.sql`WHERE (SELECT "count" FROM ${name(index - 1)}) <= ${rules[index - 1]!.limit}`;
    return Prisma.sql`${name(index)} AS (
      INSERT INTO "rate_limits" ("key", "windowStart", "count", "expiresAt")
      SELECT ${rule.key}::text, ${start}::timestamptz, 1, ${end}::timestamptz ${counted}
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "rate_limits"."count" + 1
      RETURNING "count")`;
  });
  const last = rules.length - 1;
  return {
    with: Prisma.join(hits, ", "),
    counts: Prisma.sql`ARRAY[${Prisma.join(
      rules.map((_, index) => Prisma.sql`(SELECT "count" FROM ${name(index)})`),
      ", ",
    )}]::int[]`,
    // The last rule is counted only if every rule before it allowed.
    allowed: Prisma.sql`COALESCE((SELECT "count" FROM ${name(last)}) <= ${rules[last]!.limit}, false)`,
    refusal(counts) {
      // Old windows are swept now and then rather than on every request.
      if (Math.random() < 0.01) void pruneRateLimits(new Date(now)).catch(() => undefined);
      for (const [index, rule] of rules.entries()) {
        const count = counts[index];
        if (count === null || count === undefined) break;
        const state = stateOf(rule, Number(count), windows[index]!.end, now);
        if (!state.allowed) return tooManyRequests(state, rule.message ?? message);
      }
      return null;
    },
  };
}

/**
 * Counts a hit on each rule, in order, and throws a 429 with the first refusing rule's message (or `message`)
 * if any is over its limit; the rules after it are not counted. Several fixed-window rules with distinct keys
 * are counted in one statement.
 */
export async function enforceRateLimits(rules: RateLimitRule[], message: string, now = Date.now()): Promise<void> {
  if (
    rules.length > 1 &&
    new Set(rules.map((rule) => rule.key)).size === rules.length &&
    !rules.some((r) => r.sliding)
  ) {
    const hits = rateLimitHitsSql(rules, message, now);
    const rows = await getDb().$queryRaw<{ counts: (number | null)[] }[]>`
      WITH ${hits.with} SELECT ${hits.counts} AS "counts"`;
    const refusal = hits.refusal(rows[0]?.counts ?? []);
    if (refusal) throw refusal;
    return;
  }
  for (const rule of rules) {
    const state = await hitRateLimit(rule, now);
    if (!state.allowed) throw tooManyRequests(state, rule.message ?? message);
  }
}

/** Notes a fact (such as "this admin has signed in from this address") for `ttlMs`, in the same table. */
export async function remember(key: string, ttlMs: number, now = Date.now()): Promise<void> {
  const expiresAt = new Date(now + ttlMs);
  await getDb().$executeRaw`
    INSERT INTO "rate_limits" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key}, ${new Date(0)}, 1, ${expiresAt})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt"`;
}

/** True while a fact noted by remember() has not expired. */
export async function isRemembered(key: string, now = Date.now()): Promise<boolean> {
  const row = await getDb().rateLimit.findFirst({
    where: { key, windowStart: new Date(0), expiresAt: { gt: new Date(now) } },
    select: { key: true },
  });
  return row !== null;
}
