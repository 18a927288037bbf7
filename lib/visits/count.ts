import "server-only";

import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";

import { readSessionClaims, type RequestLike } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { clientRateKey } from "@/lib/rate-limit";

/**
 * Counting the landing page's visitors without a cookie (the method Plausible and Fathom use): a visitor is
 * the SHA-256 of the UTC day's random salt, their address and their user agent. The salt is made once per day
 * and kept in the database, so every server instance makes the same hash; it is deleted with the day's hashes
 * once the day is over, after which no hash can be linked to an address or to the next day's. Only the number
 * of each day's distinct visitors per source is kept.
 */

/** A moment's UTC day, `YYYY-MM-DD`. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

// The salt of the day this process last counted on. A new day's first visit makes (or reads) that day's salt
// and deletes every earlier day's salt and hashes, so they go at the day's end even where no sweep runs.
let current: { day: string; salt: Promise<Buffer> } | undefined;

function saltFor(day: string): Promise<Buffer> {
  if (current?.day === day) return current.salt;
  const salt = getDb()
    .$transaction([
      getDb().$executeRaw`DELETE FROM "visit_seen" WHERE "day" < ${day}::date`,
      getDb().$executeRaw`DELETE FROM "visit_salts" WHERE "day" < ${day}::date`,
      getDb().$executeRaw`DELETE FROM "visit_networks" WHERE "day" < ${day}::date`,
      // The first instance to ask makes the day's salt; every other one reads that same salt back.
      getDb().$queryRaw<{ salt: string }[]>`
        INSERT INTO "visit_salts" ("day", "salt") VALUES (${day}::date, decode(${randomBytes(32).toString("hex")}, 'hex'))
        ON CONFLICT ("day") DO UPDATE SET "salt" = "visit_salts"."salt"
        RETURNING encode("salt", 'hex') AS "salt"`,
    ])
    .then(([, , , rows]) => Buffer.from(rows[0]!.salt, "hex"));
  current = { day, salt };
  // A failure (the database away) is not kept: the next visit tries again.
  salt.catch(() => {
    if (current?.salt === salt) current = undefined;
  });
  return salt;
}

/** Forgets the salt this process holds (tests that delete the tables under it). */
export function forgetVisitSalt(): void {
  current = undefined;
}

/** How many visitors one network (an IPv4 address, an IPv6 /64) may count for in a UTC day, whatever their browsers. */
export const VISITORS_PER_NETWORK_PER_DAY = 3;

/** A visitor of the day: the salted hash of their address and user agent, as hex. */
async function visitorHash(address: string | null, userAgent: string, day: string): Promise<string> {
  return hashWithSalt(await saltFor(day), address, userAgent);
}

function hashWithSalt(salt: Buffer, address: string | null, userAgent: string): string {
  return createHash("sha256")
    .update(salt)
    .update(address ?? "")
    .update("\n")
    .update(userAgent)
    .digest("hex");
}

/**
 * Counts a visit: adds one to the day's visitors for `source` unless this visitor was already counted for it
 * today, or their network has already counted VISITORS_PER_NETWORK_PER_DAY visitors today (a script that
 * changes its user agent on every request is still a few visitors; a household or office behind one address
 * is undercounted past that, which keeps every rate honest rather than flattering). Returns whether it counted.
 */
export async function countVisit(
  visit: { address: string | null; userAgent: string; source: string },
  now: Date = new Date(),
): Promise<boolean> {
  const day = utcDay(now);
  // One salt for the day's visitor and network hashes.
  const salt = await saltFor(day);
  const hash = hashWithSalt(salt, visit.address, visit.userAgent);
  const network = createHash("sha256")
    .update(salt)
    .update("network\n")
    .update(visit.address === null ? "" : clientRateKey(visit.address))
    .digest("hex");
  const [row] = await getDb().$queryRaw<{ counted: boolean }[]>`
    SELECT "visit_count"(${day}::date, ${visit.source}, decode(${hash}, 'hex'), decode(${network}, 'hex'),
                         ${VISITORS_PER_NETWORK_PER_DAY}::int) AS "counted"`;
  return row?.counted === true;
}

/**
 * The visit a signup may claim: its UTC day and this visitor's (address and user agent) hash for that day. The
 * signup's own database call claims it (waitlist_queue_confirmation) when the landing page's beacon counted
 * this visitor that day under the signup's own source and no other signup has claimed it: so a signup's
 * conversion is only ever counted against a visitor the overview counted, one signup per visitor. The
 * JavaScript form's visitor sent the beacon first; the plain form without scripts and API clients sent none,
 * and are counted apart.
 */
export async function visitToClaim(
  visitor: { address: string | null; userAgent: string },
  joinedAt: Date,
): Promise<{ day: string; hash: string }> {
  const day = utcDay(joinedAt);
  return { day, hash: await visitorHash(visitor.address, visitor.userAgent, day) };
}

/** Deletes the salts and hashes of days before today's (UTC): the maintenance sweep's share. */
export async function pruneVisits(now: Date = new Date()): Promise<number> {
  const day = utcDay(now);
  const [seen, salts] = await getDb().$transaction([
    getDb().$executeRaw`DELETE FROM "visit_seen" WHERE "day" < ${day}::date`,
    getDb().$executeRaw`DELETE FROM "visit_salts" WHERE "day" < ${day}::date`,
    getDb().$executeRaw`DELETE FROM "visit_networks" WHERE "day" < ${day}::date`,
  ]);
  return seen + salts;
}

/** Why a request is not a visit to count, or null when it is one. */
export type NotCounted = "bot" | "prefetch" | "admin";

/**
 * Crawlers and other bots (by user agent, the `isbot` list, and requests with none), prefetches (the page
 * fetched ahead of a click that may never come) and the team's own visits (a valid admin session cookie) are
 * not visitors.
 */
export async function notCounted(request: RequestLike): Promise<NotCounted | null> {
  const userAgent = request.headers.get("user-agent")?.trim() ?? "";
  if (userAgent === "" || isbot(userAgent)) return "bot";
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return "prefetch";
  // Only a request that carries the session cookie at all is worth decoding.
  if (request.headers.get("cookie")?.includes("authjs.session-token") && (await readSessionClaims(request))) {
    return "admin";
  }
  return null;
}

/** Beacons one client address may send per minute to one server instance; more are not counted. */
export const VISIT_BEACONS_PER_MINUTE = 30;
/** The most addresses one instance tracks in a minute; past it, new ones wait for the next minute. */
const MAX_TRACKED_ADDRESSES = 50_000;

let limitWindow = { start: 0, hits: new Map<string, number>() };

/**
 * A per-instance, in-memory limit on beacons per client address (an IPv6 client by its /64): a page view sends
 * one, so a client past it is a script inflating the counts. Kept in memory rather than in the database, so
 * a beacon costs one database call; with several instances the limit is theirs together, which is still far
 * above any person's. The map holds addresses for the current minute only.
 */
export function withinVisitLimit(address: string | null, now: number = Date.now()): boolean {
  const start = Math.floor(now / 60_000) * 60_000;
  if (limitWindow.start !== start) limitWindow = { start, hits: new Map() };
  const key = address === null ? "unknown" : clientRateKey(address);
  const hits = (limitWindow.hits.get(key) ?? 0) + 1;
  if (hits === 1 && limitWindow.hits.size >= MAX_TRACKED_ADDRESSES) return false;
  limitWindow.hits.set(key, hits);
  return hits <= VISIT_BEACONS_PER_MINUTE;
}
