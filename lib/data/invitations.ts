import "server-only";

import { invitationSubject } from "@/components/emails/invitation-email";
import { siteConfig } from "@/config/site";
import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { forgetCachedWaitlistCount, requestNewConfirmation } from "@/lib/data/waitlist";
import { filterCondition, Params, type WaitlistFilter } from "@/lib/data/waitlist-sql";
import { getDb } from "@/lib/db";
import { messageDomain } from "@/lib/email/outbox";
import { publicSiteUrl } from "@/lib/email/site";
import { hashToken } from "@/lib/email/tokens";

/** Who to invite: these entries, or the next `limit` of a filter in queue order (oldest signup first). */
export type InvitationTarget =
  | { ids: number[] }
  | { filter: WaitlistFilter; limit: number; includeUnconfirmed?: boolean };

/**
 * The entries a target chooses, in the order they would be invited: only those still waiting, and for a
 * filter only confirmed ones unless the admin includes the unconfirmed. `lock` takes row locks on them,
 * skipping rows another batch holds, so two batches never invite the same person and signups never wait.
 */
function chosenEntries(target: InvitationTarget, params: Params, lock: boolean): string {
  const locking = lock ? "FOR UPDATE SKIP LOCKED" : "";
  if ("ids" in target) {
    return `SELECT "id", "name", "email" FROM "waitlist" WHERE "id" = ANY(${params.add(target.ids)}::int[]) AND "status" = 'waiting' ORDER BY "id" ${locking}`;
  }
  const where = filterCondition(target.filter, params, "scan");
  const confirmed = target.includeUnconfirmed ? "" : `AND "confirmedAt" IS NOT NULL`;
  return `SELECT "id", "name", "email" FROM "waitlist" WHERE ${where} AND "status" = 'waiting' ${confirmed}
          ORDER BY "joinedAt", "id" LIMIT ${params.add(target.limit)}::int ${locking}`;
}

/** A fresh token of 64 hex characters, made by the database from two random UUIDs. */
const NEW_TOKEN = `replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

/**
 * Two CTEs, `tokens` and `emails`, that give each row of `source` ("id", "name", "email", "acceptToken",
 * "leaveToken") its accept and leave tokens (only their SHA-256 is stored) and its invitation email in the
 * outbox; `emails` returns each message's "id" and "entryId".
 */
function invitationMail(source: string, params: Params, note: string, now: Date): string {
  const site = publicSiteUrl();
  const at = `${params.add(now)}::timestamptz`;
  return `tokens AS (
       INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
       SELECT encode(sha256(convert_to("acceptToken", 'UTF8')), 'hex'), "id", 'accept', ${at} FROM ${source}
       UNION ALL
       SELECT encode(sha256(convert_to("leaveToken", 'UTF8')), 'hex'), "id", 'leave', ${at} FROM ${source}
     ),
     emails AS (
       INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
       SELECT "id", 'invitation', "email", ${params.add(invitationSubject(siteConfig.name))}::text,
              jsonb_build_object('name', "name", 'note', ${params.add(note)}::text,
                'acceptUrl', ${params.add(`${site}/early-access?token=`)}::text || "acceptToken",
                'leaveUrl', ${params.add(`${site}/waitlist/leave?token=`)}::text || "leaveToken"),
              '<' || gen_random_uuid()::text || '@' || ${params.add(messageDomain())}::text || '>', ${at}, ${at}
       FROM ${source}
       RETURNING "id", "entryId"
     )`;
}

/**
 * What inviting a target would do, without doing it: how many people it would invite now, and the first
 * one's name (the email preview greets them). Nothing is locked or changed.
 */
export async function previewInvitations(actor: VerifiedAdmin, target: InvitationTarget): Promise<{ count: number; firstName: string | null }> {
  assertVerifiedAdmin(actor);
  const params = new Params();
  const rows = await getDb().$queryRawUnsafe<{ count: number; firstName: string | null }[]>(
    `WITH chosen AS (${chosenEntries(target, params, false)})
     SELECT count(*)::int AS "count", (SELECT "name" FROM chosen LIMIT 1) AS "firstName" FROM chosen`,
    ...params.values,
  );
  return rows[0] ?? { count: 0, firstName: null };
}

/**
 * Invites entries in one statement, so one transaction: each chosen entry that is still waiting becomes
 * "invited", gets an accept token and a leave token (the database makes them from random UUIDs and stores
 * only their SHA-256) and its invitation email in the outbox, and the batch is recorded in the audit log.
 * Entries already invited or accepted are skipped (resending is a separate action). Only row locks are
 * taken, on the chosen rows, skipping any another batch holds, so signups never wait. Returns the ids
 * invited, and the outbox ids to send.
 */
export async function inviteEntries(actor: VerifiedAdmin, target: InvitationTarget, note: string, now = new Date()): Promise<{ invited: number; outboxIds: number[] }> {
  assertVerifiedAdmin(actor);
  const params = new Params();
  const chosen = chosenEntries(target, params, true);
  const actorFields = auditActorOf(actor);
  const details = JSON.stringify("ids" in target ? { ids: target.ids.length, note: note !== "" } : { filter: target.filter, limit: target.limit, includeUnconfirmed: !!target.includeUnconfirmed, note: note !== "" });
  const rows = await getDb().$queryRawUnsafe<{ id: number; outboxId: number }[]>(
    `WITH chosen AS (${chosen}),
     invited AS (
       UPDATE "waitlist" AS w SET "status" = 'invited', "invitedAt" = ${params.add(now)}::timestamptz
       FROM chosen WHERE w."id" = chosen."id"
       RETURNING w."id", w."name", w."email", ${NEW_TOKEN} AS "acceptToken", ${NEW_TOKEN} AS "leaveToken"
     ),
     ${invitationMail("invited", params, note, now)},
     audit AS (
       INSERT INTO "audit_log" ("adminId", "adminEmail", "ip", "action", "details", "at")
       SELECT ${params.add(actorFields.id)}::int, ${params.add(actorFields.email)}::text, ${params.add(actorFields.ip)}::text, 'waitlist.invite',
              ${params.add(details)}::jsonb || jsonb_build_object('invited', count(*)), ${params.add(now)}::timestamptz
       FROM invited HAVING count(*) > 0
     )
     SELECT "entryId" AS "id", "id" AS "outboxId" FROM emails`,
    ...params.values,
  );
  return { invited: rows.length, outboxIds: rows.map((row) => row.outboxId) };
}

/** What opening an invitation link did. */
export type AcceptResult = { status: "accepted" | "already-accepted"; name: string } | { status: "invalid" };

/**
 * Opens an invitation link: the first time, the entry becomes "accepted" (with its time); afterwards the
 * link still works and changes nothing. Only accept tokens count.
 */
export async function acceptInvitation(token: string, now = new Date()): Promise<AcceptResult> {
  const rows = await getDb().$queryRaw<{ name: string; first: boolean }[]>`
    WITH entry AS (
      SELECT w."id", w."status" FROM "waitlist_tokens" AS t JOIN "waitlist" AS w ON w."id" = t."entryId"
      WHERE t."tokenHash" = ${hashToken(token)} AND t."purpose" = 'accept'
    ), accepted AS (
      UPDATE "waitlist" SET "status" = 'accepted', "acceptedAt" = ${now}
      WHERE "id" IN (SELECT "id" FROM entry) AND "status" <> 'accepted'
      RETURNING "id"
    )
    SELECT w."name", EXISTS (SELECT 1 FROM accepted) AS "first" FROM "waitlist" AS w WHERE w."id" IN (SELECT "id" FROM entry)`;
  const row = rows[0];
  if (!row) return { status: "invalid" };
  return { status: row.first ? "accepted" : "already-accepted", name: row.name };
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

/**
 * Erases one entry for an admin (GDPR erasure): the row, its tokens and every email queued or sent to it,
 * with the deletion recorded in the audit log, in one statement. False when no entry has this id.
 */
export async function deleteWaitlistEntry(actor: VerifiedAdmin, id: number): Promise<boolean> {
  assertVerifiedAdmin(actor);
  const { id: adminId, email: adminEmail, ip } = auditActorOf(actor);
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH erased AS (DELETE FROM "waitlist" WHERE "id" = ${id} RETURNING "id"),
    tokens AS (DELETE FROM "waitlist_tokens" WHERE "entryId" IN (SELECT "id" FROM erased)),
    emails AS (DELETE FROM "email_outbox" WHERE "entryId" IN (SELECT "id" FROM erased)),
    audit AS (
      INSERT INTO "audit_log" ("adminId", "adminEmail", "ip", "action", "target")
      SELECT ${adminId}::int, ${adminEmail}::text, ${ip}::text, 'waitlist.delete', 'entry:' || "id" FROM erased
    )
    SELECT "id" FROM erased`;
  if (rows.length > 0) forgetCachedWaitlistCount();
  return rows.length > 0;
}

/** One entry with everything the admin area knows of it, and the emails sent to it, oldest first. */
export async function getWaitlistEntry(actor: VerifiedAdmin, id: number) {
  assertVerifiedAdmin(actor);
  const db = getDb();
  const [entry, emails] = await Promise.all([
    db.waitlistEntry.findUnique({ where: { id } }),
    db.emailOutbox.findMany({
      where: { entryId: id },
      orderBy: { id: "asc" },
      select: { id: true, kind: true, status: true, attempts: true, lastError: true, createdAt: true, sentAt: true },
    }),
  ]);
  return entry ? { ...entry, emails } : null;
}

/**
 * Sends an entry a new confirmation email now (the admin's "Resend confirmation"; no ten-minute wait),
 * recorded in the audit log in the same statement. Null when the entry is unknown or already confirmed.
 */
export async function resendConfirmation(actor: VerifiedAdmin, id: number, now = new Date()): Promise<number | null> {
  assertVerifiedAdmin(actor);
  const entry = await getDb().waitlistEntry.findUnique({ where: { id }, select: { email: true } });
  if (!entry) return null;
  const outboxId = await requestNewConfirmation(entry.email, now, { resendBefore: now, audit: { actor: auditActorOf(actor), target: `entry:${id}` } });
  return outboxId;
}

/**
 * Sends an invited (or accepted) entry its invitation again, with a new link, recorded in the audit log in
 * the same statement; a waiting entry is invited. Null when no entry has this id.
 */
export async function inviteOrResend(actor: VerifiedAdmin, id: number, note: string, now = new Date()): Promise<number[] | null> {
  assertVerifiedAdmin(actor);
  const entry = await getDb().waitlistEntry.findUnique({ where: { id }, select: { status: true } });
  if (!entry) return null;
  if (entry.status === "waiting") return (await inviteEntries(actor, { ids: [id] }, note, now)).outboxIds;
  const params = new Params();
  const { id: adminId, email: adminEmail, ip } = auditActorOf(actor);
  const rows = await getDb().$queryRawUnsafe<{ id: number }[]>(
    `WITH target AS (
       SELECT "id", "name", "email", ${NEW_TOKEN} AS "acceptToken", ${NEW_TOKEN} AS "leaveToken"
       FROM "waitlist" WHERE "id" = ${params.add(id)}::int AND "status" <> 'waiting'
     ),
     ${invitationMail("target", params, note, now)},
     audit AS (
       INSERT INTO "audit_log" ("adminId", "adminEmail", "ip", "action", "target", "at")
       SELECT ${params.add(adminId)}::int, ${params.add(adminEmail)}::text, ${params.add(ip)}::text, 'waitlist.resend_invitation', 'entry:' || "id", ${params.add(now)}::timestamptz
       FROM target
     )
     SELECT "id" FROM emails`,
    ...params.values,
  );
  return rows.map((row) => row.id);
}
