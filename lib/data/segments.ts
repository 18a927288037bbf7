import "server-only";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql } from "@/lib/data/audit";
import { countAllEntries } from "@/lib/data/waitlist/held";
import { countedCondition, filterCondition } from "@/lib/data/waitlist/sql";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { HttpError } from "@/lib/http";
import type { SegmentInput } from "@/lib/validation/broadcasts";
import { isFiltered, waitlistFilterSchema, type WaitlistFilter } from "@/lib/validation/waitlist-query";

// Segments: the list's search and filters saved under a name. The filter is stored as the JSON the list's
// own schema reads, and read back through it each time, so a segment means what the same filters on the list
// mean today, and a filter the descriptors gain later is saved and applied with no change here.

/** A saved segment; `filter` is null when what is stored no longer fits the list's filters (a removed choice). */
export interface Segment {
  id: number;
  name: string;
  filter: WaitlistFilter | null;
  createdAt: Date;
}

/** A stored filter read through the list's schema: the filter, or null when it no longer fits. */
export function segmentFilterOf(stored: unknown): WaitlistFilter | null {
  const parsed = waitlistFilterSchema.safeParse(stored);
  return parsed.success ? (parsed.data as WaitlistFilter) : null;
}

/** Every segment, by name. Every role reads them (they only name filters). */
export async function listSegments(actor: VerifiedAdmin): Promise<Segment[]> {
  void actor;
  const rows = await getDb().$queryRaw<{ id: number; name: string; filter: unknown; createdAt: Date }[]>`
    SELECT "id", "name", "filter", "createdAt" FROM "segments" ORDER BY lower("name"), "id"`;
  return rows.map((row) => ({ ...row, filter: segmentFilterOf(row.filter) }));
}

/** One segment, or a 404. */
export async function getSegment(actor: VerifiedAdmin, id: number): Promise<Segment> {
  void actor;
  const rows = await getDb().$queryRaw<{ id: number; name: string; filter: unknown; createdAt: Date }[]>`
    SELECT "id", "name", "filter", "createdAt" FROM "segments" WHERE "id" = ${id}::int`;
  const row = rows[0];
  if (!row) throw new HttpError(404, "That segment no longer exists.");
  return { ...row, filter: segmentFilterOf(row.filter) };
}

/**
 * How many entries a filter matches now: a segment's live count. Everyone (no search, no filter) is the
 * trigger-kept counter's sum, in constant time, as the list's own total is; the fixed-choice filters and the
 * source, in any combination, are a sum over the trigger-kept combinations (a few hundred rows however long the
 * list); a search, a referrer or tags count the list itself.
 */
export async function countSegment(actor: VerifiedAdmin, filter: WaitlistFilter): Promise<number> {
  void actor;
  if (!isFiltered(filter)) {
    const { counted, held } = await countAllEntries();
    return counted + held;
  }
  const counted = countedCondition(filter);
  const rows = counted
    ? await getDb().$queryRaw<{ count: number }[]>`
        SELECT COALESCE(sum("entries"), 0)::int AS "count" FROM "waitlist_segment_counts" WHERE ${counted}`
    : await getDb().$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS "count" FROM "waitlist" WHERE ${filterCondition(filter)}`;
  return rows[0]?.count ?? 0;
}

/** Saves a segment, audited in the same statement. A name already used (in any case) is a 409. */
export async function createSegment(actor: VerifiedAdmin, input: SegmentInput & { filter: WaitlistFilter }) {
  assertAdminCan(actor, "segments");
  const filter = JSON.stringify(input.filter);
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH saved AS (
      INSERT INTO "segments" ("name", "filter", "createdById") VALUES (${input.name}, ${filter}::jsonb, ${actor.id}::int)
      ON CONFLICT ((lower("name"))) DO NOTHING
      RETURNING "id", "name", "filter"
    ),
    audit AS (${auditInsertSql(auditActorOf(actor), "segment.create", {
      target: Prisma.sql`'segment:' || "id"`,
      details: Prisma.sql`jsonb_build_object('name', "name", 'filter', "filter")`,
      from: Prisma.sql`FROM saved`,
    })})
    SELECT "id" FROM saved`;
  const row = rows[0];
  if (!row) throw new HttpError(409, `A segment named "${input.name}" already exists. Choose another name.`);
  return row;
}

/** Deletes a segment (broadcasts already made keep the filter they were sent with), audited. */
export async function deleteSegment(actor: VerifiedAdmin, id: number): Promise<boolean> {
  assertAdminCan(actor, "segments");
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH gone AS (DELETE FROM "segments" WHERE "id" = ${id}::int RETURNING "id", "name"),
    audit AS (${auditInsertSql(auditActorOf(actor), "segment.delete", {
      target: Prisma.sql`'segment:' || "id"`,
      details: Prisma.sql`jsonb_build_object('name', "name")`,
      from: Prisma.sql`FROM gone`,
    })})
    SELECT "id" FROM gone`;
  return rows.length > 0;
}
