import "server-only";

import { NO_PLACE } from "@/lib/data/waitlist/sql";
import { getDb } from "@/lib/db";
import { hashToken } from "@/lib/email/tokens";
import { env } from "@/lib/env";
import type { FriendReferralState } from "@/lib/validation/referral-credit";

/**
 * The place in line. Entries get a number when they confirm (prisma/sql/functions/waitlist_line.sql); each
 * referral credited to an entry moves it up REFERRAL_PLACES places, for at most REFERRAL_MAX referrals. An
 * entry's place is never stored: it is one more than the confirmed entries still waiting whose key (number
 * less the places earned) comes first, or is the same with a later number. The generated column "lineOrder"
 * puts key and number in one sortable value, and trigger-kept counts of the line by ranges of it
 * (waitlist_line_buckets) leave only a short index range to count, so a place costs the same at any length
 * of the line, and a signup or a batch of invitations moves everyone without writing anyone's row.
 */

/**
 * How long a signup's client network (/24 or /64) is kept: the referral rule compares two signups' networks
 * only when they joined within this many days of each other, so after it the network says nothing more and
 * is forgotten. The same window is written in waitlist_line_on_confirm (prisma/sql/functions/waitlist_line.sql).
 */
export const SIGNUP_NETWORK_DAYS = 30;

/** Forgets the networks of signups older than the referral rule's window; returns how many. */
export async function forgetSignupNetworks(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SIGNUP_NETWORK_DAYS * 24 * 60 * 60 * 1000);
  return getDb().$executeRaw`
    UPDATE "waitlist" SET "signupNetwork" = NULL WHERE "signupNetwork" IS NOT NULL AND "joinedAt" < ${before}`;
}

/**
 * The rule in one sentence, as the status page says it: the rule the database applies (set from the
 * environment of the server that last changed it), so the page never promises other places than it gives.
 */
export function lineRule({ places, max, dailyCap }: { places: number; max: number; dailyCap: number }): string {
  const friends = max === 1 ? "1 friend" : `${max} friends`;
  // "As many as": a referral passes the people who confirmed in the places just ahead, and those already
  // invited or gone from the list are no longer ahead to pass.
  return `Your place follows the order people confirmed their email; each friend who joins through your link and confirms moves you past as many as ${places} ${places === 1 ? "person" : "people"}, for up to ${friends}. A friend does not count when they sign up from the same network as you, with your own email address written another way, or past the daily limit (${dailyCap === 1 ? "1 friend" : `${dailyCap} friends`} a day, and one a day from any one company's email domain).`;
}

/**
 * Makes the database's copy of the rule match this environment's: when REFERRAL_PLACES or REFERRAL_MAX changed
 * since it was last set, every confirmed entry's key is worked out again, in one statement
 * (waitlist_line_configure); when nothing changed it only reads the one settings row. The rule changes only
 * with the environment, so it is brought in line where the environment is read for good: the deploy's
 * migration step (scripts/db-migrate.ts) and each server's start (lib/jobs/server-start.ts). Whoever reads or
 * moves the line then finds the rule already set, and pays nothing for it. Returns whether it changed.
 */
export async function applyLineSettings(): Promise<boolean> {
  const { REFERRAL_PLACES, REFERRAL_MAX, REFERRAL_DAILY_CAP } = env();
  const changed = await getDb().$queryRaw<{ changed: boolean }[]>`
    SELECT "waitlist_line_configure"(${REFERRAL_PLACES}::int, ${REFERRAL_MAX}::int, ${REFERRAL_DAILY_CAP}::int) AS "changed"`;
  if (changed[0]?.changed) forgetCachedPlaces();
  return changed[0]?.changed === true;
}

/** How long a place, and the line's length, may be shown from memory: a reload shows a place this fresh. */
const PLACE_TTL_MS = 15_000;
const MAX_CACHED_PLACES = 10_000;

const places = new Map<number, { place: number; at: number }>();
let lineLength: { count: number; at: number } | undefined;

/** Forgets every cached place (after a confirmation or an erasure made by this process). */
export function forgetCachedPlaces(): void {
  places.clear();
  lineLength = undefined;
}

/** The place of the entry with this line order: one more than the waiting entries ahead of it. */
async function placeOf(id: number, order: bigint): Promise<number> {
  const now = performance.now();
  const cached = places.get(id);
  if (cached && now - cached.at < PLACE_TTL_MS) return cached.place;
  const rows = await getDb().$queryRaw<{ place: number }[]>`
    SELECT "waitlist_place"(${order}::bigint) AS "place"`;
  const place = rows[0]?.place ?? 1;
  if (places.size >= MAX_CACHED_PLACES) places.clear();
  places.set(id, { place, at: now });
  return place;
}

/** How many people are in line: confirmed and still waiting. */
async function lengthOfLine(): Promise<number> {
  const now = performance.now();
  if (lineLength && now - lineLength.at < PLACE_TTL_MS) return lineLength.count;
  const rows = await getDb().$queryRaw<{ count: number }[]>`SELECT "waitlist_line_length"() AS "count"`;
  lineLength = { count: rows[0]?.count ?? 0, at: now };
  return lineLength.count;
}

/** What the personal status page shows. */
export interface WaitlistStatus {
  name: string;
  status: "waiting" | "invited" | "accepted";
  confirmed: boolean;
  /** The place in line and the line's length, while confirmed and waiting; otherwise null. */
  place: number | null;
  lineLength: number | null;
  referralCode: string;
  /** Everyone who signed up through the personal link, and the referrals credited to the entry. */
  friendsJoined: number;
  credits: number;
  /** Those friends, newest first (at most FRIENDS_SHOWN): when each joined and what their referral earned. */
  friends: FriendReferral[];
  /** The rule the places follow, as the database applies it. */
  rule: { places: number; max: number; dailyCap: number };
  /** The place the entry had just after confirming, when kept (null for one confirmed by an import). */
  confirmedPlace: number | null;
  /**
   * How many places one more credited referral would move the entry up now: the people between its place and
   * the key one more credit gives. Null when it is not in line or has earned the most credits count for.
   */
  oneMoreFriend: number | null;
}

/** One friend who joined through a personal link, as its owner may see it: no name, no address. */
export interface FriendReferral {
  joinedAt: Date;
  state: FriendReferralState;
  /** Why it did not count (the stored reason), when it did not. */
  reason: string | null;
}

/** How many of the friends who joined through a link its status page lists. */
export const FRIENDS_SHOWN = 100;

/** The status of the entry a status link belongs to, or null for a link that names no entry. */
export async function statusOfToken(token: string): Promise<WaitlistStatus | null> {
  const rows = await getDb().$queryRaw<
    {
      id: number;
      name: string;
      status: string;
      confirmSeq: bigint | null;
      /** The line's order; the largest bigint for an entry with no place. */
      lineOrder: bigint;
      referralCode: string;
      referralCredits: number;
      friendsJoined: number;
      places: number;
      max: number;
      dailyCap: number;
      confirmedPlace: number | null;
      oneMoreFriend: number | null;
    }[]
  >`
    SELECT w."id", w."name", w."status", w."confirmSeq", w."lineOrder", w."referralCode", w."referralCredits",
           (SELECT count(*)::int FROM "waitlist" AS f WHERE f."referredById" = w."id" AND f."heldAt" IS NULL) AS "friendsJoined",
           s."places", s."maxCredits" AS "max", s."dailyCap", c."place" AS "confirmedPlace",
           -- One more credit lowers the key as waitlist_credit_referral would, and the line's order with it (the
           -- key counts in steps of 2^32 in "lineOrder": see the line_order migration); everyone in line from
           -- that order up to the entry's own is passed. A short range of the line's index.
           CASE WHEN w."lineOrder" < "waitlist_no_place"() AND w."referralCredits" < s."maxCredits" THEN
             (SELECT count(*)::int FROM "waitlist" AS p
              WHERE p."lineOrder" < w."lineOrder"
                AND p."lineOrder" >= w."lineOrder" - (w."lineKey" - "waitlist_line_key"(w."confirmSeq", w."referralCredits" + 1, s."places", s."maxCredits")) * 4294967296)
           END AS "oneMoreFriend"
    FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
    JOIN "waitlist_line_settings" AS s ON s."id" = 1
    LEFT JOIN "waitlist_confirmed_places" AS c ON c."entryId" = w."id"
    WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" = 'status'`;
  const row = rows[0];
  if (!row) return null;
  const inLine = row.lineOrder < NO_PLACE;
  // Held signups are not counted anywhere until released, so they are not listed either.
  const friends = await getDb().$queryRaw<{ joinedAt: Date; confirmed: boolean; referralCredit: string | null }[]>`
    SELECT "joinedAt", "confirmedAt" IS NOT NULL AS "confirmed", "referralCredit" FROM "waitlist"
    WHERE "referredById" = ${row.id} AND "heldAt" IS NULL ORDER BY "id" DESC LIMIT ${FRIENDS_SHOWN}`;
  return {
    name: row.name,
    status: row.status as WaitlistStatus["status"],
    confirmed: row.confirmSeq !== null,
    place: inLine ? await placeOf(row.id, row.lineOrder) : null,
    lineLength: inLine ? await lengthOfLine() : null,
    referralCode: row.referralCode,
    friendsJoined: row.friendsJoined,
    credits: row.referralCredits,
    friends: friends.map((friend) => ({
      joinedAt: friend.joinedAt,
      state: friend.referralCredit === "credited" ? "credited" : friend.confirmed ? "not-credited" : "waiting",
      reason: friend.referralCredit === "credited" || !friend.confirmed ? null : friend.referralCredit,
    })),
    rule: { places: row.places, max: row.max, dailyCap: row.dailyCap },
    confirmedPlace: row.confirmedPlace,
    oneMoreFriend: row.oneMoreFriend,
  };
}

/**
 * Keeps the place an entry has just after its first confirmation (what its status page counts progress from)
 * and writes it into its "you're confirmed" email (`emailId`) while that waits to go. It runs right after the
 * confirmation's statement: the line's ranges a place is counted from are brought up to date at that
 * statement's end, so the confirmation itself cannot count it. Returns the place, or null out of line.
 */
export async function keepConfirmedPlace(entryId: number, emailId: number | null): Promise<number | null> {
  const rows = await getDb().$queryRaw<{ place: number }[]>`
    WITH entry AS (
      SELECT "id", "waitlist_place"("lineOrder") AS "place" FROM "waitlist"
      WHERE "id" = ${entryId}::int AND "lineOrder" < "waitlist_no_place"()
    ),
    kept AS (
      INSERT INTO "waitlist_confirmed_places" ("entryId", "place") SELECT "id", "place" FROM entry
      ON CONFLICT ("entryId") DO NOTHING
    ),
    told AS (
      UPDATE "email_outbox" AS o SET "payload" = o."payload" || jsonb_build_object('place', e."place")
      FROM entry AS e WHERE o."id" = ${emailId}::int AND o."status" = 'pending'
    )
    SELECT "place" FROM entry`;
  return rows[0]?.place ?? null;
}

/**
 * How many people a week are invited, from the invitations of the last four weeks (the overview's daily sums,
 * never the list itself), rounded as a person would say it; null when nobody was invited in that time.
 */
export async function invitationsPerWeek(now = new Date()): Promise<number | null> {
  const since = new Date(now.getTime() - 27 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const rows = await getDb().$queryRaw<{ invited: number | null }[]>`
    SELECT sum("invited")::int AS "invited" FROM "waitlist_daily_events" WHERE "day" >= ${since}::date`;
  return aboutPerWeek(rows[0]?.invited ?? 0);
}

/** Four weeks of invitations as "about N a week": whole numbers below 10, then 5s, then two figures. */
export function aboutPerWeek(invitedIn28Days: number): number | null {
  if (invitedIn28Days <= 0) return null;
  const weekly = invitedIn28Days / 4;
  if (weekly < 10) return Math.max(1, Math.round(weekly));
  if (weekly < 100) return Math.round(weekly / 5) * 5;
  const step = 10 ** (Math.floor(Math.log10(weekly)) - 1);
  return Math.round(weekly / step) * step;
}
