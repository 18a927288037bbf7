import "server-only";

import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { inviteEntries, resendInvitation } from "@/lib/data/waitlist/invitations";
import { forgetCachedWaitlistCount, requestNewConfirmation } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";

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
  const outboxId = await requestNewConfirmation(entry.email, now, {
    resendBefore: now,
    audit: { actor: auditActorOf(actor), target: `entry:${id}` },
  });
  return outboxId;
}

/**
 * Sends an invited (or accepted) entry its invitation again, with a new link, recorded in the audit log in
 * the same statement; a waiting entry is invited. Null when no entry has this id.
 */
export async function inviteOrResend(
  actor: VerifiedAdmin,
  id: number,
  note: string,
  now = new Date(),
): Promise<number[] | null> {
  assertVerifiedAdmin(actor);
  const entry = await getDb().waitlistEntry.findUnique({ where: { id }, select: { status: true } });
  if (!entry) return null;
  // One person, named on their own page, invited by a deliberate click (the page shows whether they confirmed).
  if (entry.status === "waiting") {
    return (await inviteEntries(actor, { ids: [id], includeUnconfirmed: true }, note, now)).outboxIds;
  }
  return resendInvitation(actor, id, note, now);
}
