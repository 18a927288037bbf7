import "server-only";

import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql } from "@/lib/data/audit";
import type { WaitlistRow } from "@/lib/data/waitlist/columns";
import { inviteEntries, resendInvitation } from "@/lib/data/waitlist/invitations";
import { forgetCachedWaitlistCount, requestNewConfirmation } from "@/lib/data/waitlist/signups";
import { ROW_COLUMNS, ROW_JOINS } from "@/lib/data/waitlist/sql";
import { suppressErasedSql } from "@/lib/data/waitlist/suppression";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { withheldReasonForTeam } from "@/lib/validation/referral-credit";

/**
 * Erases one entry for an admin (GDPR erasure): the row, its tokens and every email queued or sent to it,
 * with the deletion recorded in the audit log, in one statement. With `suppress`, the address's keyed hash
 * also joins the suppression list ("and never import again"), said in the same audit entry. False when no
 * entry has this id.
 */
export async function deleteWaitlistEntry(
  actor: VerifiedAdmin,
  id: number,
  options: { suppress?: boolean } = {},
): Promise<boolean> {
  assertAdminCan(actor, "delete");
  const entry = options.suppress
    ? await getDb().waitlistEntry.findUnique({ where: { id }, select: { email: true } })
    : null;
  const suppress = entry ? suppressErasedSql(entry.email) : Prisma.sql`SELECT 1`;
  const details = entry ? Prisma.sql`'{"suppressed":true}'::jsonb` : Prisma.sql`NULL::jsonb`;
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH erased AS (DELETE FROM "waitlist" WHERE "id" = ${id} RETURNING "id"),
    tokens AS (DELETE FROM "waitlist_tokens" WHERE "entryId" IN (SELECT "id" FROM erased)),
    emails AS (DELETE FROM "email_outbox" WHERE "entryId" IN (SELECT "id" FROM erased)),
    suppressed AS (${suppress}),
    audit AS (${auditInsertSql(auditActorOf(actor), "waitlist.delete", {
      target: Prisma.sql`'entry:' || "id"`,
      details,
      from: Prisma.sql`FROM erased`,
    })})
    SELECT "id" FROM erased`;
  if (rows.length > 0) forgetCachedWaitlistCount();
  return rows.length > 0;
}

/** How many of an entry's referrals its page lists. */
export const REFERRALS_SHOWN = 100;

/** What came of a referral, as the team reads it: credited, waiting for the friend to confirm, or why not. */
export function referralCreditText(credit: string | null, confirmed: boolean): string {
  if (credit === "credited") return "Credited";
  if (credit) return `Not credited: ${withheldReasonForTeam(credit)}`;
  return confirmed ? "No referrer left to credit" : "Waiting for them to confirm";
}

/**
 * One entry with everything the admin area knows of it, the emails sent to it (oldest first), its place in line and
 * the people who joined through its link; `columns` is the entry as the admin list reads it (every column of
 * WAITLIST_COLUMNS), which the page lists the rest of.
 */
export async function getWaitlistEntry(actor: VerifiedAdmin, id: number) {
  assertVerifiedAdmin(actor);
  const db = getDb();
  const [entry, emails, referrals, rows] = await Promise.all([
    db.waitlistEntry.findUnique({ where: { id }, include: { referredBy: { select: { id: true, name: true } } } }),
    db.emailOutbox.findMany({
      where: { entryId: id },
      orderBy: { id: "asc" },
      select: { id: true, kind: true, status: true, attempts: true, lastError: true, createdAt: true, sentAt: true },
    }),
    // The people who joined through this entry's link, newest first (the first hundred: enough to judge them).
    db.waitlistEntry.findMany({
      where: { referredById: id },
      orderBy: { id: "desc" },
      take: REFERRALS_SHOWN,
      select: { id: true, name: true, email: true, confirmedAt: true, referralCredit: true },
    }),
    db.$queryRaw<(WaitlistRow & { referred: number })[]>`
      SELECT ${ROW_COLUMNS},
             (SELECT count(*)::int FROM "waitlist" AS f WHERE f."referredById" = w."id") AS "referred"
      FROM "waitlist" AS w ${ROW_JOINS} WHERE w."id" = ${id}`,
  ]);
  const [row] = rows;
  if (!entry || !row) return null;
  const { referred, ...columns } = row;
  return { ...entry, emails, referrals, referred, place: columns.place, columns: columns as WaitlistRow };
}

/**
 * Sends an entry a new confirmation email (the admin's "Resend confirmation"), at most one every ten minutes
 * as the public "send me a new link" does, so a second click cannot fill the person's inbox; recorded in the
 * audit log in the same statement. "held" for an entry held for review, "confirmed" once its address is
 * confirmed, "too-soon" while a confirmation went out in the last ten minutes; null when the entry is unknown.
 */
export async function resendConfirmation(
  actor: VerifiedAdmin,
  id: number,
  now = new Date(),
): Promise<number | "held" | "confirmed" | "too-soon" | null> {
  assertAdminCan(actor, "resend");
  const entry = await getDb().waitlistEntry.findUnique({
    where: { id },
    select: { email: true, heldAt: true, confirmedAt: true },
  });
  if (!entry) return null;
  // A held entry gets its first email by being released (lib/data/waitlist/held.ts), never by a resend.
  if (entry.heldAt) return "held";
  if (entry.confirmedAt) return "confirmed";
  const outboxId = await requestNewConfirmation(entry.email, now, {
    audit: { actor: auditActorOf(actor), target: `entry:${id}` },
  });
  // Nothing queued for an unconfirmed entry: one went out within the interval (or the entry was confirmed or
  // removed a moment ago, which the next page view shows).
  return outboxId ?? "too-soon";
}

/**
 * Sends an invited entry its invitation again, with a new link, recorded in the audit log in the same
 * statement; a waiting entry is invited. "held" for an entry held for review; "accepted" for one that has
 * accepted already (their invitation has done its work); null when no entry has this id.
 */
export async function inviteOrResend(
  actor: VerifiedAdmin,
  id: number,
  note: string,
  now = new Date(),
): Promise<number[] | "held" | "accepted" | null> {
  assertAdminCan(actor, "invite");
  const entry = await getDb().waitlistEntry.findUnique({ where: { id }, select: { status: true, heldAt: true } });
  if (!entry) return null;
  // Held for review: nobody is invited before the team has looked (releasing sends the confirmation first).
  if (entry.heldAt) return "held";
  if (entry.status === "accepted") return "accepted";
  // One person, named on their own page, invited by a deliberate click (the page shows whether they confirmed).
  if (entry.status === "waiting") {
    return (await inviteEntries(actor, { ids: [id], includeUnconfirmed: true }, note, now)).outboxIds;
  }
  return resendInvitation(actor, id, note, now);
}
