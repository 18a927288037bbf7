import "server-only";

import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql } from "@/lib/data/audit";
import { filterCondition } from "@/lib/data/waitlist/sql";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { HttpError } from "@/lib/http";
import type { TagEdit } from "@/lib/validation/tag-edit";
import { TAGS_PER_ENTRY } from "@/lib/validation/tags";

/** What a tag edit did: tags written and taken off, the entries each touched, and entries left full. */
export interface TagEditResult {
  /** Entries the edit named (the ids that exist, or the filter's matches). */
  matched: number;
  /** Entries that gained at least one tag. */
  tagged: number;
  /** Entries that lost at least one tag. */
  untagged: number;
  /** Entries that would have gone past the most tags an entry may carry, so gained none. */
  full: number;
}

/** The message when one entry would carry more tags than it may. */
export const TOO_MANY_TAGS_MESSAGE = `An entry can have at most ${TAGS_PER_ENTRY} tags. Remove one first.`;

/**
 * The statement of one tag edit: takes `remove` off and puts `add` on every entry of `target`, queues
 * waitlist.tagged / waitlist.untagged for the webhooks that asked for them, and writes the audit entry, all in
 * one set-based statement on the tags' own table (the waitlist's triggers never run). An entry that would carry
 * more than TAGS_PER_ENTRY tags gains none of them (its removals still happen), and is counted as `full`.
 */
function tagEditSql(actor: VerifiedAdmin, edit: TagEdit, now: Date): Prisma.Sql {
  const target = edit.ids
    ? Prisma.sql`SELECT "id" FROM "waitlist" WHERE "id" = ANY(${edit.ids}::int[])`
    : Prisma.sql`SELECT "id" FROM "waitlist" WHERE ${filterCondition(edit.filter!, "scan")}`;
  const added = edit.add;
  const removed = edit.remove;
  // Each sub-statement sees the tags as they were when the statement began: room for new tags is what an entry
  // had, less what this edit takes off it, plus what it puts on.
  return Prisma.sql`
    WITH target AS MATERIALIZED (${target}),
    removed AS (
      DELETE FROM "waitlist_tags" AS t USING target
       WHERE t."entryId" = target."id" AND t."tag" = ANY(${removed}::text[])
      RETURNING t."entryId", t."tag"),
    candidates AS (
      SELECT target."id" AS "entryId", a."tag" FROM target CROSS JOIN unnest(${added}::text[]) AS a("tag")
       WHERE NOT EXISTS (SELECT 1 FROM "waitlist_tags" AS t WHERE t."entryId" = target."id" AND t."tag" = a."tag")),
    room AS (
      SELECT c."entryId",
             (SELECT count(*) FROM "waitlist_tags" AS t WHERE t."entryId" = c."entryId")
               - (SELECT count(*) FROM unnest(${removed}::text[]) AS r("tag")
                   WHERE EXISTS (SELECT 1 FROM "waitlist_tags" AS t WHERE t."entryId" = c."entryId" AND t."tag" = r."tag"))
               + count(*) <= ${TAGS_PER_ENTRY}::int AS "fits"
        FROM candidates AS c GROUP BY c."entryId"),
    inserted AS (
      INSERT INTO "waitlist_tags" ("entryId", "tag", "createdAt")
      SELECT c."entryId", c."tag", ${now}::timestamptz
        FROM candidates AS c JOIN room ON room."entryId" = c."entryId" AND room."fits"
      ON CONFLICT DO NOTHING
      RETURNING "entryId", "tag"),
    events AS (
      SELECT 'waitlist.tagged' AS "event", "entryId", jsonb_agg("tag" ORDER BY "tag") AS "tags" FROM inserted GROUP BY "entryId"
      UNION ALL
      SELECT 'waitlist.untagged', "entryId", jsonb_agg("tag" ORDER BY "tag") FROM removed GROUP BY "entryId"),
    hooks AS (
      INSERT INTO "webhook_deliveries" ("webhookId", "entryId", "event", "payload")
      SELECT h."id", e."entryId", e."event",
             jsonb_build_object('id', gen_random_uuid(), 'type', e."event", 'createdAt', now(),
                                'data', jsonb_build_object('entry', "webhook_entry"(w), 'tags', e."tags"))
        FROM events AS e JOIN "waitlist" AS w ON w."id" = e."entryId" JOIN "webhooks" AS h ON h."tagEvents"),
    summary AS (
      SELECT (SELECT count(*) FROM target)::int AS "matched",
             (SELECT count(DISTINCT "entryId") FROM inserted)::int AS "tagged",
             (SELECT count(DISTINCT "entryId") FROM removed)::int AS "untagged",
             (SELECT count(*) FROM room WHERE NOT room."fits")::int AS "full",
             (SELECT min("entryId") FROM (SELECT "entryId" FROM inserted UNION SELECT "entryId" FROM removed) AS x) AS "first",
             (SELECT count(*) FROM (SELECT "entryId" FROM inserted UNION SELECT "entryId" FROM removed) AS x)::int AS "changed"),
    audit AS (${auditInsertSql(auditActorOf(actor), "waitlist.tag", {
      target: Prisma.sql`CASE WHEN "changed" = 1 THEN 'entry:' || "first" END`,
      details: Prisma.sql`jsonb_build_object('added', ${JSON.stringify(added)}::jsonb, 'removed', ${JSON.stringify(removed)}::jsonb,
        'tagged', "tagged", 'untagged', "untagged", 'full', "full", 'by', ${edit.ids ? "selection" : "filter"}::text)`,
      at: now,
      from: Prisma.sql`FROM summary WHERE "changed" > 0`,
    })})
    SELECT "matched", "tagged", "untagged", "full" FROM summary`;
}

/**
 * Adds and removes tags on chosen entries or on everything a filter matches (see tagEditSql). Naming one entry,
 * an edit that would take it past the most tags it may carry is refused (a 422) and changes nothing.
 */
export async function editTags(actor: VerifiedAdmin, edit: TagEdit, now = new Date()): Promise<TagEditResult> {
  assertAdminCan(actor, "tag");
  return getDb().$transaction(async (tx) => {
    const [result] = await tx.$queryRaw<TagEditResult[]>(tagEditSql(actor, edit, now));
    if (!result) throw new Error("The tag edit returned no summary");
    if (edit.ids?.length === 1 && result.full > 0) throw new HttpError(422, TOO_MANY_TAGS_MESSAGE);
    return result;
  });
}

/** One entry's tags, alphabetically. */
export async function entryTags(actor: VerifiedAdmin, entryId: number): Promise<string[]> {
  assertVerifiedAdmin(actor);
  const rows = await getDb().waitlistTag.findMany({
    where: { entryId },
    orderBy: { tag: "asc" },
    select: { tag: true },
  });
  return rows.map((row) => row.tag);
}

/** The most tags in use that the filter and tag fields suggest. */
export const KNOWN_TAGS_SHOWN = 200;

/**
 * The tags in use, alphabetically (the first KNOWN_TAGS_SHOWN): each found by one step down the (tag, entry)
 * index, so a million tagged entries cost as much as the number of distinct tags.
 */
export async function knownTags(actor: VerifiedAdmin): Promise<string[]> {
  assertVerifiedAdmin(actor);
  const rows = await getDb().$queryRaw<{ tag: string }[]>`
    WITH RECURSIVE known AS (
      (SELECT "tag" FROM "waitlist_tags" ORDER BY "tag" LIMIT 1)
      UNION ALL
      SELECT (SELECT t."tag" FROM "waitlist_tags" AS t WHERE t."tag" > known."tag" ORDER BY t."tag" LIMIT 1)
        FROM known WHERE known."tag" IS NOT NULL)
    SELECT "tag" FROM known WHERE "tag" IS NOT NULL LIMIT ${KNOWN_TAGS_SHOWN}::int`;
  return rows.map((row) => row.tag);
}
