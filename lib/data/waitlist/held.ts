import "server-only";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql, recordAudit } from "@/lib/data/audit";
import { forgetCachedWaitlistCount, queueConfirmationSql } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

// Signups held for review: stored without a valid proof of work (lib/challenge/altcha.ts), answered like any
// other, but sent nothing and counted nowhere until an admin releases them here (or the same address signs
// up again with a proof). An admin may also delete them, which is what most of them deserve.

/** How many entries are held for review: exact and constant-time (the trigger-kept counter's other figure). */
export async function countHeldEntries(): Promise<number> {
  return (await countAllEntries()).held;
}

/** Both of the counter's figures in one read: the entries that count, and those held for review. */
export async function countAllEntries(): Promise<{ counted: number; held: number }> {
  const { _sum } = await getDb().waitlistCounter.aggregate({ _sum: { count: true, held: true } });
  return { counted: Number(_sum.count ?? 0), held: Number(_sum.held ?? 0) };
}

/**
 * Releases the held entries among `ids`: each becomes an ordinary signup, with the confirmation email it
 * never had, counted from now on (its signup time stays its own). One transaction,
 * audited once; ids that are not held are skipped. Returns how many were released and the emails to send.
 */
export async function releaseHeldEntries(
  actor: VerifiedAdmin,
  ids: number[],
  now = new Date(),
): Promise<{ released: number; outboxIds: number[] }> {
  assertAdminCan(actor, "release");
  const result = await getDb().$transaction(async (tx) => {
    const held = await tx.$queryRaw<{ id: number; email: string }[]>`
      SELECT "id", "email" FROM "waitlist" WHERE "id" = ANY(${ids}::int[]) AND "heldAt" IS NOT NULL ORDER BY "id" FOR UPDATE`;
    const outboxIds: number[] = [];
    for (const entry of held) {
      // The same call as a proven signup of the address: it finds the entry held and releases it.
      // No new-signup alert: the team released it itself (perhaps hundreds at once), and the audit log says so.
      const fields = { name: null, email: entry.email, businessType: null, employees: null, releaseAlerts: false };
      const rows = await tx.$queryRaw<{ id: number | null }[]>(queueConfirmationSql(false, fields, now, now));
      if (rows[0]?.id) outboxIds.push(rows[0].id);
    }
    if (held.length > 0) {
      await recordAudit(tx, auditActorOf(actor), {
        action: "waitlist.release",
        target: held.length === 1 ? `entry:${held[0]!.id}` : null,
        details: { released: held.length },
      });
    }
    return { released: held.length, outboxIds };
  });
  if (result.released > 0) forgetCachedWaitlistCount();
  return result;
}

/**
 * Deletes the held entries among `ids` (entries that are not held are left alone: erasing those is the
 * entry page's own action), with their tokens, in one statement that also records the audit entry.
 */
export async function deleteHeldEntries(actor: VerifiedAdmin, ids: number[], now = new Date()): Promise<number> {
  assertAdminCan(actor, "delete");
  const rows = await getDb().$queryRaw<{ deleted: number }[]>`
    WITH erased AS (DELETE FROM "waitlist" WHERE "id" = ANY(${ids}::int[]) AND "heldAt" IS NOT NULL RETURNING "id"),
    tokens AS (DELETE FROM "waitlist_tokens" WHERE "entryId" IN (SELECT "id" FROM erased)),
    emails AS (DELETE FROM "email_outbox" WHERE "entryId" IN (SELECT "id" FROM erased)),
    audit AS (${auditInsertSql(auditActorOf(actor), "waitlist.delete_held", {
      target: Prisma.sql`CASE WHEN count(*) = 1 THEN 'entry:' || min("id") END`,
      details: Prisma.sql`jsonb_build_object('deleted', count(*))`,
      at: now,
      from: Prisma.sql`FROM erased HAVING count(*) > 0`,
    })})
    SELECT count(*)::int AS "deleted" FROM erased`;
  return rows[0]?.deleted ?? 0;
}
