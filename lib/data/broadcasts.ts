import "server-only";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql, type AuditActor } from "@/lib/data/audit";
import { getSegment, segmentFilterOf } from "@/lib/data/segments";
import { filterCondition } from "@/lib/data/waitlist/sql";
import { suppressionHashes } from "@/lib/data/waitlist/suppression";
import { getDb } from "@/lib/db";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { publicSiteUrl } from "@/lib/email/site";
import { hashTokenSql, NEW_TOKEN_SQL } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";
import { HttpError } from "@/lib/http";
import type { BroadcastMessage, BroadcastRequest } from "@/lib/validation/broadcasts";
import type { WaitlistFilter } from "@/lib/validation/waitlist-query";

// Broadcasts: the team's own email to a segment. A broadcast is a row; when it is due (at once, or at its time
// by the email sweep) one statement turns its audience into outbox rows, each with a leave link of its own, and
// from there pacing, retries, the Message-ID and sending once are the outbox's. The sweep marks it sent, and
// tells the webhooks, once none of its emails waits any more.

/**
 * The entries a broadcast may reach among those its filter matches: never anyone held for review, never
 * anyone who has not confirmed their address unless the team included them. People who left are not on the
 * list any more (leaving erases the entry); those on the suppression list are taken out by id (see
 * suppressedIds).
 */
function audienceCondition(filter: WaitlistFilter, includeUnconfirmed: boolean): Prisma.Sql {
  const confirmed = includeUnconfirmed ? Prisma.empty : Prisma.sql`AND "confirmedAt" IS NOT NULL`;
  return Prisma.sql`${filterCondition(filter, "scan")} AND "heldAt" IS NULL ${confirmed}`;
}

/**
 * The entries of an audience whose address is on the suppression list: someone who left, or was deleted
 * with "never import again", and is on the list again (they signed up anew). Leaving meant no more mail
 * from us, so they get none. The list holds only keyed hashes (lib/data/waitlist/suppression.ts), worked out
 * here, so nothing is read when the list is empty.
 */
async function suppressedIds(where: Prisma.Sql): Promise<number[]> {
  const db = getDb();
  const any = await db.$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "waitlist_suppressions") AS "any"`;
  if (!any[0]?.any) return [];
  const people = await db.$queryRaw<
    { id: number; email: string }[]
  >`SELECT "id", "email" FROM "waitlist" WHERE ${where}`;
  const byHash = new Map<string, number>();
  for (const person of people) for (const hash of suppressionHashes(person.email)) byHash.set(hash, person.id);
  if (byHash.size === 0) return [];
  const found = await db.$queryRaw<{ hash: string }[]>`
    SELECT "hash" FROM "waitlist_suppressions" WHERE "hash" = ANY(${[...byHash.keys()]}::text[])`;
  return [...new Set(found.map((row) => byHash.get(row.hash)!))];
}

/** Who a broadcast to a segment would reach now, and who it leaves out. */
export interface AudiencePreview {
  /** The exact number of emails it would queue now. */
  count: number;
  /** Of the segment, how many never confirmed their address (left out unless included). */
  unconfirmed: number;
  /** Held for review: never included. */
  held: number;
  /** Left once and on the list again: never included. */
  suppressed: number;
}

/** Who a broadcast to this segment would reach; nothing is changed. */
export async function previewAudience(
  actor: VerifiedAdmin,
  segmentId: number,
  includeUnconfirmed: boolean,
): Promise<AudiencePreview> {
  const segment = await getSegment(actor, segmentId);
  if (!segment.filter) throw new HttpError(400, "This segment's filters no longer fit the list. Save it again.");
  const where = audienceCondition(segment.filter, includeUnconfirmed);
  const [suppressed, rows] = await Promise.all([
    suppressedIds(where),
    getDb().$queryRaw<{ count: number; unconfirmed: number; held: number }[]>`
      SELECT count(*) FILTER (WHERE ${where})::int AS "count",
             count(*) FILTER (WHERE "heldAt" IS NULL AND "confirmedAt" IS NULL)::int AS "unconfirmed",
             count(*) FILTER (WHERE "heldAt" IS NOT NULL)::int AS "held"
      FROM "waitlist" WHERE ${filterCondition(segment.filter, "scan")}`,
  ]);
  const row = rows[0] ?? { count: 0, unconfirmed: 0, held: 0 };
  return { ...row, count: row.count - suppressed.length, suppressed: suppressed.length };
}

/** The stored part of a broadcast the statements below need. */
interface BroadcastRow {
  id: number;
  filter: unknown;
  includeUnconfirmed: boolean;
  createdById: number | null;
  createdByEmail: string | null;
}

/**
 * Starts a scheduled broadcast, in one statement: it becomes "sending" with its exact count, every person of
 * its audience gets a leave token (only its hash is stored) and the email in the outbox, and the audit log
 * says who sent it, to whom and how many. The broadcast row is claimed by the same UPDATE, so however many
 * sweeps try at once, one of them queues it. Returns the outbox ids queued (none if another got there first).
 */
async function startBroadcast(broadcast: BroadcastRow, actor: AuditActor, now: Date): Promise<number[]> {
  const filter = segmentFilterOf(broadcast.filter);
  if (!filter) {
    // Only a hand-edited row can get here (it was checked when made): it is cancelled rather than sent to a guess.
    await getDb().$executeRaw`UPDATE "broadcasts" SET "status" = 'cancelled', "cancelledAt" = ${now}
      WHERE "id" = ${broadcast.id}::int AND "status" = 'scheduled'`;
    return [];
  }
  const where = audienceCondition(filter, broadcast.includeUnconfirmed);
  const suppressed = await suppressedIds(where);
  const site = publicSiteUrl();
  const at = Prisma.sql`${now}::timestamptz`;
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH target AS MATERIALIZED (
      SELECT "id", "email" FROM "waitlist" WHERE ${where} AND NOT ("id" = ANY(${suppressed}::int[]))
    ),
    started AS (
      UPDATE "broadcasts" SET "status" = 'sending', "startedAt" = ${at}, "recipients" = (SELECT count(*)::int FROM target)
      WHERE "id" = ${broadcast.id}::int AND "status" = 'scheduled'
      RETURNING "id", "subject", "body", "segmentName", "filter", "includeUnconfirmed", "recipients", "sendAt", "createdAt"
    ),
    chosen AS MATERIALIZED (
      SELECT t."id", t."email", s."id" AS "broadcastId", s."subject", s."body", ${NEW_TOKEN_SQL} AS "leaveToken"
      FROM target AS t CROSS JOIN started AS s
    ),
    tokens AS (
      INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
      SELECT ${hashTokenSql(Prisma.sql`"leaveToken"`)}, "id", 'leave', ${at} FROM chosen
    ),
    emails AS (
      ${outboxInsertSql(
        "broadcast",
        Prisma.sql`SELECT "id" AS "entryId", "email" AS "to", "subject", "broadcastId",
            jsonb_build_object('subject', "subject", 'body', "body",
              'leaveUrl', ${`${site}/waitlist/leave?token=`}::text || "leaveToken") AS "payload"
          FROM chosen`,
        { now, broadcast: true },
      )}
      RETURNING "id"
    ),
    audit AS (${auditInsertSql(actor, "broadcast.send", {
      target: Prisma.sql`'broadcast:' || "id"`,
      details: Prisma.sql`jsonb_build_object('subject', "subject", 'segment', "segmentName", 'filter', "filter",
        'includeUnconfirmed', "includeUnconfirmed", 'count', "recipients", 'scheduled', "sendAt" > "createdAt")`,
      at: now,
      from: Prisma.sql`FROM started`,
    })})
    SELECT "id" FROM emails`;
  return rows.map((row) => row.id);
}

/** The creator of a broadcast as the audit log names them when the sweep starts it for them. */
function creatorOf(broadcast: BroadcastRow): AuditActor {
  return { id: broadcast.createdById, email: broadcast.createdByEmail, ip: null };
}

const BROADCAST_COLUMNS = Prisma.sql`"id", "filter", "includeUnconfirmed", "createdById", "createdByEmail"`;

/**
 * Makes a broadcast to a segment: sent at once (its emails queued in the same request) or at `sendAt`, when
 * the email sweep starts it. The segment's filter is copied onto the broadcast, so a later edit of the
 * segment does not change who a scheduled broadcast reaches. Returns its id and any outbox ids to send now.
 */
export async function createBroadcast(
  actor: VerifiedAdmin,
  input: BroadcastRequest,
  now = new Date(),
): Promise<{ id: number; outboxIds: number[]; scheduled: boolean }> {
  assertAdminCan(actor, "broadcast");
  const segment = await getSegment(actor, input.segmentId);
  if (!segment.filter) throw new HttpError(400, "This segment's filters no longer fit the list. Save it again.");
  const sendAt = input.sendAt && input.sendAt > now ? input.sendAt : now;
  const scheduled = sendAt > now;
  const actorFields = auditActorOf(actor);
  const rows = await getDb().$queryRaw<BroadcastRow[]>`
    WITH made AS (
      INSERT INTO "broadcasts" ("subject", "body", "segmentId", "segmentName", "filter", "includeUnconfirmed", "sendAt",
                                "createdById", "createdByEmail", "createdAt")
      VALUES (${input.subject}, ${input.body}, ${segment.id}::int, ${segment.name}, ${JSON.stringify(segment.filter)}::jsonb,
              ${input.includeUnconfirmed}, ${sendAt}::timestamptz, ${actor.id}::int, ${actor.email}, ${now}::timestamptz)
      RETURNING ${BROADCAST_COLUMNS}, "subject", "segmentName", "sendAt"
    ),
    audit AS (${auditInsertSql(actorFields, "broadcast.schedule", {
      target: Prisma.sql`'broadcast:' || "id"`,
      details: Prisma.sql`jsonb_build_object('subject', "subject", 'segment', "segmentName", 'sendAt', "sendAt")`,
      at: now,
      from: Prisma.sql`FROM made WHERE ${scheduled}`,
    })})
    SELECT ${BROADCAST_COLUMNS} FROM made`;
  const broadcast = rows[0]!;
  const outboxIds = scheduled ? [] : await startBroadcast(broadcast, actorFields, now);
  return { id: broadcast.id, outboxIds, scheduled };
}

/**
 * Starts every scheduled broadcast whose time has come (the email sweep calls it first), each in its own
 * statement; safe from any number of servers at once. Returns the outbox ids queued.
 */
export async function startDueBroadcasts(now = new Date()): Promise<number[]> {
  const due = await getDb().$queryRaw<BroadcastRow[]>`
    SELECT ${BROADCAST_COLUMNS} FROM "broadcasts" WHERE "status" = 'scheduled' AND "sendAt" <= ${now}::timestamptz
    ORDER BY "sendAt", "id" LIMIT 20`;
  const queued: number[] = [];
  for (const broadcast of due) queued.push(...(await startBroadcast(broadcast, creatorOf(broadcast), now)));
  return queued;
}

/**
 * Marks sent every broadcast none of whose emails waits any more (each sent or failed), and queues one
 * `broadcast.sent` webhook event for each, in the same statement, so once.
 */
export async function finishBroadcasts(now = new Date()): Promise<number> {
  const rows = await getDb().$queryRaw<{ finished: number }[]>`
    WITH done AS (
      UPDATE "broadcasts" AS b SET "status" = 'sent', "finishedAt" = ${now}::timestamptz
      WHERE b."status" = 'sending'
        AND NOT EXISTS (SELECT 1 FROM "email_outbox" AS o WHERE o."broadcastId" = b."id" AND o."status" IN ('pending', 'unsent'))
      RETURNING b."id", b."subject", b."segmentName", b."recipients", b."leftCount"
    ),
    counted AS (
      SELECT d.*, (SELECT count(*) FROM "email_outbox" AS o WHERE o."broadcastId" = d."id" AND o."status" = 'sent')::int AS "sent",
             (SELECT count(*) FROM "email_outbox" AS o WHERE o."broadcastId" = d."id" AND o."status" = 'failed')::int AS "failed"
      FROM done AS d
    )
    SELECT count(*)::int AS "finished", "webhook_queue"(COALESCE(jsonb_agg(jsonb_build_object('event', 'broadcast.sent', 'entryId', NULL,
      'data', jsonb_build_object('broadcast', jsonb_build_object('id', "id", 'subject', "subject", 'segment', "segmentName"),
        'subject', "subject", 'queued', "recipients", 'sent', "sent" + "leftCount", 'failed', "failed"))), '[]'::jsonb)) IS NULL AS "queued"
    FROM counted`;
  return rows[0]?.finished ?? 0;
}

/**
 * Cancels a broadcast that is scheduled or still sending: nothing more of it is sent (its emails still
 * waiting are taken out of the outbox; one already on its way to the mail server finishes). Audited. False
 * when it had already finished or was cancelled.
 */
export async function cancelBroadcast(actor: VerifiedAdmin, id: number, now = new Date()): Promise<boolean> {
  assertAdminCan(actor, "broadcast");
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH cancelled AS (
      UPDATE "broadcasts" SET "status" = 'cancelled', "cancelledAt" = ${now}::timestamptz
      WHERE "id" = ${id}::int AND "status" IN ('scheduled', 'sending')
      RETURNING "id", "subject", "status"
    ),
    unsent AS (
      DELETE FROM "email_outbox" WHERE "broadcastId" IN (SELECT "id" FROM cancelled) AND "status" = 'pending'
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamptz)
      RETURNING "id"
    ),
    audit AS (${auditInsertSql(auditActorOf(actor), "broadcast.cancel", {
      target: Prisma.sql`'broadcast:' || "id"`,
      details: Prisma.sql`jsonb_build_object('subject', "subject", 'unsent', (SELECT count(*) FROM unsent))`,
      at: now,
      from: Prisma.sql`FROM cancelled`,
    })})
    SELECT "id" FROM cancelled`;
  return rows.length > 0;
}

/** A broadcast as its page shows it, with its counts. */
export interface BroadcastSummary {
  id: number;
  subject: string;
  body: string;
  segmentName: string;
  includeUnconfirmed: boolean;
  status: string;
  sendAt: Date;
  createdAt: Date;
  createdByEmail: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  cancelledAt: Date | null;
  /** Emails queued when it started (null before). */
  queued: number | null;
  /** Handed to the mail server (those who left since included: their emails were erased with them). */
  sent: number;
  failed: number;
  /** Queued and not yet sent. */
  waiting: number;
  /** Left through their leave link after this email reached them. */
  left: number;
}

function summarySql(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT b."id", b."subject", b."body", b."segmentName", b."includeUnconfirmed", b."status", b."sendAt",
      b."createdAt", b."createdByEmail", b."startedAt", b."finishedAt", b."cancelledAt", b."recipients" AS "queued",
      (COALESCE(c."sent", 0) + b."leftCount")::int AS "sent", COALESCE(c."failed", 0)::int AS "failed",
      COALESCE(c."waiting", 0)::int AS "waiting", b."leftCount" AS "left"
    FROM "broadcasts" AS b
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE o."status" = 'sent') AS "sent", count(*) FILTER (WHERE o."status" = 'failed') AS "failed",
             count(*) FILTER (WHERE o."status" IN ('pending', 'unsent')) AS "waiting"
      FROM "email_outbox" AS o WHERE o."broadcastId" = b."id"
    ) AS c ON TRUE
    WHERE ${where}`;
}

/** The broadcasts, newest first (every role reads them). */
export async function listBroadcasts(actor: VerifiedAdmin, limit = 50): Promise<BroadcastSummary[]> {
  void actor;
  return getDb().$queryRaw<
    BroadcastSummary[]
  >`${summarySql(Prisma.sql`TRUE`)} ORDER BY b."createdAt" DESC, b."id" DESC LIMIT ${limit}::int`;
}

/** One broadcast with its counts, or a 404. */
export async function getBroadcast(actor: VerifiedAdmin, id: number): Promise<BroadcastSummary> {
  void actor;
  const rows = await getDb().$queryRaw<BroadcastSummary[]>(summarySql(Prisma.sql`b."id" = ${id}::int`));
  if (!rows[0]) throw new HttpError(404, "That broadcast does not exist.");
  return rows[0];
}

/**
 * "Send me a test": the message, marked as a test, to the signed-in admin's own address only, through the
 * outbox like the real thing. Its leave link leads to the leave page without a token (it removes nobody).
 */
export async function sendTestBroadcast(actor: VerifiedAdmin, message: BroadcastMessage, now = new Date()) {
  assertAdminCan(actor, "broadcast");
  const subject = `[Test] ${message.subject}`;
  const payload = JSON.stringify({ subject, body: message.body, leaveUrl: `${publicSiteUrl()}/waitlist/leave` });
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    ${outboxInsertSql("broadcast", Prisma.sql`SELECT NULL::int AS "entryId", ${actor.email}::text AS "to", ${subject}::text AS "subject", ${payload}::jsonb AS "payload"`, { now })}
    RETURNING "id"`;
  return { outboxId: rows[0]!.id, to: actor.email };
}
