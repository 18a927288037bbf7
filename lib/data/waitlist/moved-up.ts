import "server-only";

import { siteConfig } from "@/config/site";
import { suppressionHashes } from "@/lib/data/waitlist/suppression";
import { getDb } from "@/lib/db";
import { movedUpSubjectAround } from "@/lib/email/kinds/moved-up";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { absoluteUrl } from "@/lib/email/site";
import { hashTokenSql, NEW_TOKEN_SQL } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// "You moved up" updates (lib/email/kinds/moved-up.tsx): the owner's setting, off until turned on. The place
// each person was last told sits in "waitlist_moved_up", a table of its own, so that writing it for thousands
// of people never runs the triggers on "waitlist". A person's first row is their place soon after confirming
// (the first sweep that finds them in line while the updates are on); each email moves it to the place told.

/** At most one "You moved up" email a person in any this long. */
export const MOVED_UP_EVERY_MS = 24 * 60 * 60 * 1000;

/** Emails queued by one sweep at most; the rest wait for the next, minutes later. */
export const MOVED_UP_BATCH = 5_000;

/**
 * The line with everyone's place, while the updates are on (nothing otherwise): a place is one more than the
 * people whose line order comes first, counted exactly as "waitlist_place" counts it (so as the status page
 * shows it), here for the whole line in one ordered pass of the line's index rather than a count per person.
 * Who may be written to is decided after the places: `reachable` (confirmed, waiting, not held).
 */
const LINE_SQL = Prisma.sql`
  settings AS (SELECT "movedUpPlaces" AS "places" FROM "site_settings" WHERE "id" = 1 AND "movedUpEnabled"),
  line AS MATERIALIZED (
    SELECT w."id", w."name", w."email", w."referralCode",
           w."heldAt" IS NULL AND w."confirmedAt" IS NOT NULL AND w."status" = 'waiting' AS "reachable",
           (row_number() OVER (ORDER BY w."lineOrder"))::int AS "place"
    FROM "waitlist" AS w
    WHERE w."lineOrder" < "waitlist_no_place"() AND EXISTS (SELECT 1 FROM settings)
  )`;

/** The people of `line` owed an update: moved up at least the setting's places since last told, not told today. */
function dueCondition(dayAgo: Date): Prisma.Sql {
  return Prisma.sql`l."reachable" AND m."lastPlace" - l."place" >= s."places"
    AND (m."lastSentAt" IS NULL OR m."lastSentAt" <= ${dayAgo}::timestamptz)`;
}

/**
 * Those owed an update whose address is on the suppression list (they left, or were deleted with "never
 * import again", and signed up anew): leaving meant no more mail from us. The list holds only keyed hashes,
 * worked out here for the few who are due, so nothing is read when the list is empty.
 */
async function suppressedAmongDue(dayAgo: Date): Promise<number[]> {
  const db = getDb();
  const any = await db.$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "waitlist_suppressions") AS "any"`;
  if (!any[0]?.any) return [];
  const due = await db.$queryRaw<{ id: number; email: string }[]>`
    WITH ${LINE_SQL}
    SELECT l."id", l."email" FROM "waitlist_moved_up" AS m JOIN line AS l ON l."id" = m."entryId" CROSS JOIN settings AS s
    WHERE ${dueCondition(dayAgo)}`;
  const byHash = new Map<string, number>();
  for (const person of due) for (const hash of suppressionHashes(person.email)) byHash.set(hash, person.id);
  if (byHash.size === 0) return [];
  const found = await db.$queryRaw<{ hash: string }[]>`
    SELECT "hash" FROM "waitlist_suppressions" WHERE "hash" = ANY(${[...byHash.keys()]}::text[])`;
  return [...new Set(found.map((row) => byHash.get(row.hash)!))];
}

/**
 * The daily "You moved up" emails, in one statement, when the owner has turned them on: everyone in line
 * (confirmed, waiting, not held) is given a first place if they have none; everyone whose place is now at
 * least the setting's number of places better than the place last told, and who was not told in the last
 * day, gets the email in the outbox (with a leave link of their own, only its hash stored) and that place as
 * the one last told. Their row is claimed by the same statement (SKIP LOCKED, and the day's condition checked
 * again on update), so however many sweeps run at once each person is queued once. Returns the outbox ids
 * queued (the email sweep sends them, paced and retried like every list email).
 */
export async function queueMovedUpEmails(now = new Date(), limit = MOVED_UP_BATCH): Promise<number[]> {
  const db = getDb();
  // Off (the default): one read of the settings row, and nothing else runs.
  const on = await db.$queryRaw<{ on: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "site_settings" WHERE "id" = 1 AND "movedUpEnabled") AS "on"`;
  if (!on[0]?.on) return [];
  const dayAgo = new Date(now.getTime() - MOVED_UP_EVERY_MS);
  const suppressed = await suppressedAmongDue(dayAgo);
  const { before, after } = movedUpSubjectAround(siteConfig.name);
  const at = Prisma.sql`${now}::timestamptz`;
  const rows = await db.$queryRaw<{ id: number }[]>`
    WITH ${LINE_SQL},
    first_seen AS (
      INSERT INTO "waitlist_moved_up" ("entryId", "lastPlace")
      SELECT l."id", l."place" FROM line AS l
      WHERE l."reachable" AND NOT EXISTS (SELECT 1 FROM "waitlist_moved_up" AS m WHERE m."entryId" = l."id")
      ON CONFLICT ("entryId") DO NOTHING
    ),
    due AS (
      SELECT m."entryId", l."name", l."email", l."referralCode", l."place", m."lastPlace" - l."place" AS "moved"
      FROM "waitlist_moved_up" AS m JOIN line AS l ON l."id" = m."entryId" CROSS JOIN settings AS s
      WHERE ${dueCondition(dayAgo)} AND NOT (m."entryId" = ANY(${suppressed}::int[]))
      ORDER BY l."place", m."entryId"
      LIMIT ${limit}
      FOR UPDATE OF m SKIP LOCKED
    ),
    told AS (
      UPDATE "waitlist_moved_up" AS m SET "lastPlace" = d."place", "lastSentAt" = ${at}
      FROM due AS d
      WHERE m."entryId" = d."entryId" AND (m."lastSentAt" IS NULL OR m."lastSentAt" <= ${dayAgo}::timestamptz)
      RETURNING d."entryId", d."name", d."email", d."referralCode", d."place", d."moved", ${NEW_TOKEN_SQL} AS "leaveToken"
    ),
    tokens AS (
      INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
      SELECT ${hashTokenSql(Prisma.sql`"leaveToken"`)}, "entryId", 'leave', ${at} FROM told
    ),
    emails AS (
      ${outboxInsertSql(
        "moved-up",
        Prisma.sql`SELECT "entryId", "email" AS "to",
             ${before}::text || to_char("place", 'FM999,999,999,990') || ${after}::text AS "subject",
             jsonb_build_object('name', "name", 'place', "place", 'moved', "moved",
               'referralUrl', ${absoluteUrl("/?ref=")}::text || "referralCode",
               'leaveUrl', ${absoluteUrl("/waitlist/leave?token=")}::text || "leaveToken") AS "payload"
           FROM told`,
        { now },
      )}
      RETURNING "id"
    )
    SELECT "id" FROM emails ORDER BY "id"`;
  return rows.map((row) => row.id);
}
