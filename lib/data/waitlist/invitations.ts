import "server-only";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql } from "@/lib/data/audit";
import { filterCondition } from "@/lib/data/waitlist/sql";
import { getDb } from "@/lib/db";
import { queueInvitationsSql } from "@/lib/email/kinds/invitation";
import { queueAcceptedAlertsSql } from "@/lib/email/kinds/invitation-accepted";
import { hashToken, NEW_TOKEN_SQL } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";
import type { WaitlistFilter } from "@/lib/validation/waitlist-query";

/**
 * Who to invite: these entries, or the next `limit` of a filter in queue order (oldest signup first); either
 * way confirmed ones only unless `includeUnconfirmed`.
 */
export type InvitationTarget = ({ ids: number[] } | { filter: WaitlistFilter; limit: number }) & {
  includeUnconfirmed?: boolean;
};

/**
 * The entries a target chooses, in the order they would be invited: only those still waiting and not held
 * for review, and only
 * confirmed ones unless the admin includes the unconfirmed (their confirmation email promised one reminder at most
 * unless they confirmed). "The next N" follow the line, from its front (the order the status pages show),
 * then those who never confirmed in the order their entries were made (by id). `lock` takes row locks on them, skipping rows another batch holds, so two batches
 * never invite the same person and signups never wait.
 */
function chosenEntries(target: InvitationTarget, lock: boolean): Prisma.Sql {
  const locking = lock ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
  const confirmed = target.includeUnconfirmed ? Prisma.empty : Prisma.sql`AND "confirmedAt" IS NOT NULL`;
  if ("ids" in target) {
    return Prisma.sql`SELECT "id", "name", "email", "confirmedAt" FROM "waitlist"
          WHERE "id" = ANY(${target.ids}::int[]) AND "status" = 'waiting' AND "heldAt" IS NULL ${confirmed} ORDER BY "id" ${locking}`;
  }
  const where = filterCondition(target.filter, "scan");
  return Prisma.sql`SELECT "id", "name", "email", "confirmedAt" FROM "waitlist" WHERE ${where} AND "status" = 'waiting' AND "heldAt" IS NULL ${confirmed}
          ORDER BY "lineOrder", "id" LIMIT ${target.limit}::int ${locking}`;
}

/** What inviting a target would do now. */
export interface InvitationPreview {
  /** How many people it would invite. */
  count: number;
  /** The first one's name (the email preview greets them). */
  firstName: string | null;
  /**
   * Of the entries the target would choose with the unconfirmed included, how many never confirmed their
   * address: the team is told, and decides whether to leave them out.
   */
  unconfirmed: number;
}

/** What inviting a target would do, without doing it. Nothing is locked or changed. */
export async function previewInvitations(actor: VerifiedAdmin, target: InvitationTarget): Promise<InvitationPreview> {
  assertAdminCan(actor, "invite");
  const rows = await getDb().$queryRaw<InvitationPreview[]>`
    WITH chosen AS (${chosenEntries(target, false)}),
     everyone AS (${chosenEntries({ ...target, includeUnconfirmed: true }, false)})
     SELECT (SELECT count(*)::int FROM chosen) AS "count", (SELECT "name" FROM chosen LIMIT 1) AS "firstName",
            (SELECT count(*)::int FROM everyone WHERE "confirmedAt" IS NULL) AS "unconfirmed"`;
  return rows[0] ?? { count: 0, firstName: null, unconfirmed: 0 };
}

/**
 * Invites entries in one statement, so one transaction: each chosen entry that is still waiting becomes
 * "invited", gets an accept token and a leave token (the database makes them from random UUIDs and stores
 * only their SHA-256) and its invitation email in the outbox, and the batch is recorded in the audit log.
 * Entries already invited or accepted are skipped (resending is a separate action). Only row locks are
 * taken, on the chosen rows, skipping any another batch holds, so signups never wait. Returns the ids
 * invited, and the outbox ids to send.
 */
export async function inviteEntries(
  actor: VerifiedAdmin,
  target: InvitationTarget,
  note: string,
  now = new Date(),
): Promise<{ invited: number; outboxIds: number[] }> {
  assertAdminCan(actor, "invite");
  const actorFields = auditActorOf(actor);
  const details = JSON.stringify(
    "ids" in target
      ? { ids: target.ids.length, includeUnconfirmed: !!target.includeUnconfirmed, note: note !== "" }
      : {
          filter: target.filter,
          limit: target.limit,
          includeUnconfirmed: !!target.includeUnconfirmed,
          note: note !== "",
        },
  );
  const rows = await getDb().$queryRaw<{ id: number; outboxId: number }[]>`
    WITH chosen AS (${chosenEntries(target, true)}),
     invited AS (
       UPDATE "waitlist" AS w SET "status" = 'invited', "invitedAt" = ${now}::timestamptz
       FROM chosen WHERE w."id" = chosen."id"
       RETURNING w."id", w."name", w."email", ${NEW_TOKEN_SQL} AS "acceptToken", ${NEW_TOKEN_SQL} AS "leaveToken", ${NEW_TOKEN_SQL} AS "statusToken"
     ),
     ${queueInvitationsSql("invited", note, now)},
     audit AS (${auditInsertSql(actorFields, "waitlist.invite", {
       details: Prisma.sql`${details}::jsonb || jsonb_build_object('invited', count(*))`,
       at: now,
       from: Prisma.sql`FROM invited HAVING count(*) > 0`,
     })})
     SELECT "entryId" AS "id", "id" AS "outboxId" FROM emails`;
  return { invited: rows.length, outboxIds: rows.map((row) => row.outboxId) };
}

/**
 * Sends an invited (or accepted) entry its invitation again, with a new link, recorded in the audit log in
 * the same statement. Returns the outbox ids to send: none when the entry is unknown or still waiting.
 */
export async function resendInvitation(
  actor: VerifiedAdmin,
  id: number,
  note: string,
  now = new Date(),
): Promise<number[]> {
  assertAdminCan(actor, "resend");
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH target AS (
       SELECT "id", "name", "email", ${NEW_TOKEN_SQL} AS "acceptToken", ${NEW_TOKEN_SQL} AS "leaveToken", ${NEW_TOKEN_SQL} AS "statusToken"
       FROM "waitlist" WHERE "id" = ${id}::int AND "status" <> 'waiting'
     ),
     ${queueInvitationsSql("target", note, now)},
     audit AS (${auditInsertSql(auditActorOf(actor), "waitlist.resend_invitation", {
       target: Prisma.sql`'entry:' || "id"`,
       at: now,
       from: Prisma.sql`FROM target`,
     })})
     SELECT "id" FROM emails`;
  return rows.map((row) => row.id);
}

/** What opening an invitation link did. */
export type AcceptResult =
  | { status: "accepted"; name: string; outboxIds: number[] }
  | { status: "already-accepted"; name: string }
  | { status: "invalid" };

/**
 * Opens an invitation link: the first time, the entry becomes "accepted" (with its time), and the admins who
 * asked to hear of every signup get an alert, queued in the same statement (so once); afterwards the link
 * still works and changes nothing. Only accept tokens count. Returns the alerts' outbox ids to send.
 */
export async function acceptInvitation(token: string, now = new Date()): Promise<AcceptResult> {
  const rows = await getDb().$queryRaw<{ name: string; first: boolean; outboxIds: number[] }[]>`
    WITH entry AS (
      SELECT w."id", w."status" FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
      WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" = 'accept'
    ), accepted AS (
      UPDATE "waitlist" SET "status" = 'accepted', "acceptedAt" = ${now}
      WHERE "id" IN (SELECT "id" FROM entry) AND "status" <> 'accepted'
      RETURNING "id", "name", "email", "businessType", "employees", "source"
    ), ${queueAcceptedAlertsSql("accepted", now)}
    SELECT w."name", EXISTS (SELECT 1 FROM accepted) AS "first",
           ARRAY(SELECT "id" FROM accepted_alerts ORDER BY "id") AS "outboxIds"
    FROM "waitlist" AS w WHERE w."id" IN (SELECT "id" FROM entry)`;
  const row = rows[0];
  if (!row) return { status: "invalid" };
  return row.first
    ? { status: "accepted", name: row.name, outboxIds: row.outboxIds }
    : { status: "already-accepted", name: row.name };
}

/** What an invitation link would do if used now; reading it changes nothing. */
export type InvitationLinkState = { status: "pending" | "already-accepted"; name: string } | { status: "invalid" };

/**
 * Looks at an invitation link without using it: "pending" until its entry has accepted, "already-accepted"
 * after. Opening the link (a GET, as mail scanners do too) asks only this; the person's own step accepts
 * (acceptInvitation).
 */
export async function invitationLinkState(token: string): Promise<InvitationLinkState> {
  const rows = await getDb().$queryRaw<{ name: string; accepted: boolean }[]>`
    SELECT w."name", w."status" = 'accepted' AS "accepted"
    FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
    WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" = 'accept'`;
  const row = rows[0];
  if (!row) return { status: "invalid" };
  return { status: row.accepted ? "already-accepted" : "pending", name: row.name };
}
