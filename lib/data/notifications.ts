import "server-only";

import { siteConfig } from "@/config/site";
import { assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { utcDay } from "@/lib/data/overview";
import { getDb } from "@/lib/db";
import { digestDayLabel, digestSubject, type DigestPayload } from "@/lib/email/kinds/digest";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { Prisma } from "@/lib/generated/prisma/client";
import type { NotifyChoice } from "@/lib/validation/notifications";

/** From this hour (UTC) the day before's digest is queued: the whole day is over, and it lands before work. */
export const DIGEST_HOUR_UTC = 7;

/** How many of the day's newest names a digest lists. */
export const DIGEST_NEWEST = 5;

/** An admin's own choice of email about signups. */
export async function getNotifyChoice(actor: VerifiedAdmin): Promise<NotifyChoice> {
  assertVerifiedAdmin(actor);
  const admin = await getDb().adminUser.findUnique({ where: { id: actor.id }, select: { notify: true } });
  return (admin?.notify ?? "none") as NotifyChoice;
}

/**
 * Sets the signed-in admin's choice (nobody sets another admin's); a change is recorded in the audit log in
 * the same transaction, since it decides who receives personal data by email.
 */
export async function setNotifyChoice(actor: VerifiedAdmin, notify: NotifyChoice): Promise<void> {
  assertVerifiedAdmin(actor);
  await getDb().$transaction(async (tx) => {
    // Locked, so two saves at once each record the choice they really replaced.
    const [current] = await tx.$queryRaw<
      { notify: string }[]
    >`SELECT "notify" FROM "admin_users" WHERE "id" = ${actor.id} FOR UPDATE`;
    if (!current || current.notify === notify) return;
    await tx.adminUser.update({ where: { id: actor.id }, data: { notify } });
    await recordAudit(tx, auditActorOf(actor), {
      action: "notifications.change",
      details: { from: current.notify, to: notify },
    });
  });
}

/**
 * One UTC day's signups for the digest: exact sums from waitlist_daily, and the newest names; the day's
 * signups still held for review (counted nowhere else); the invitations accepted that day, from
 * waitlist_daily_events; and the causes of errors first seen that day.
 */
export async function digestFor(day: string): Promise<DigestPayload> {
  const db = getDb();
  const [sums, newest, events, held, errors] = await Promise.all([
    db.$queryRaw<{ dimension: string; key: string; signups: bigint }[]>`
      SELECT 'type' AS "dimension", "businessType" AS "key", sum("signups") AS "signups" FROM "waitlist_daily" WHERE "day" = ${day}::date GROUP BY 2 HAVING sum("signups") > 0
      UNION ALL
      SELECT 'source', "source", sum("signups") FROM "waitlist_daily" WHERE "day" = ${day}::date GROUP BY 2 HAVING sum("signups") > 0
      ORDER BY 1, 3 DESC, 2`,
    db.$queryRaw<{ name: string; businessType: string }[]>`
      SELECT "name", "businessType" FROM "waitlist"
      WHERE "joinedAt" >= ${day}::date AT TIME ZONE 'UTC' AND "joinedAt" < (${day}::date + 1) AT TIME ZONE 'UTC' AND "heldAt" IS NULL
      ORDER BY "joinedAt" DESC, "id" DESC LIMIT ${DIGEST_NEWEST}`,
    db.$queryRaw<{ accepted: bigint | null }[]>`
      SELECT sum("accepted") AS "accepted" FROM "waitlist_daily_events" WHERE "day" = ${day}::date`,
    db.$queryRaw<{ held: bigint | null }[]>`
      SELECT sum("held") AS "held" FROM "waitlist_daily" WHERE "day" = ${day}::date`,
    db.$queryRaw<{ errors: number }[]>`
      SELECT count(*)::int AS "errors" FROM "error_events"
      WHERE "firstSeenAt" >= ${day}::date AT TIME ZONE 'UTC' AND "firstSeenAt" < (${day}::date + 1) AT TIME ZONE 'UTC'`,
  ]);
  const of = (dimension: string) =>
    sums.filter((row) => row.dimension === dimension).map((row) => ({ key: row.key, signups: Number(row.signups) }));
  const byType = of("type");
  return {
    day,
    total: byType.reduce((sum, row) => sum + row.signups, 0),
    byType,
    bySource: of("source"),
    newest,
    accepted: Number(events[0]?.accepted ?? 0),
    held: Number(held[0]?.held ?? 0),
    errors: errors[0]?.errors ?? 0,
  };
}

/**
 * Queues yesterday's digest (UTC) for each active admin who chose one and has not had it, once it is
 * past DIGEST_HOUR_UTC; sent by the email sweep. A unique index keeps it to one per admin per day however
 * many servers sweep. A day with no signups still gets its digest, saying so. Returns how many were queued.
 */
export async function queueDigests(now = new Date()): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const day = utcDay(new Date(now.getTime() - 86_400_000));
  const waiting = await getDb().$queryRaw<{ email: string }[]>`
    SELECT a."email" FROM "admin_users" AS a
    WHERE a."notify" = 'digest' AND a."isActive"
      AND NOT EXISTS (SELECT 1 FROM "email_outbox" AS o WHERE o."kind" = 'digest' AND o."to" = a."email" AND o."payload" ->> 'day' = ${day})`;
  if (waiting.length === 0) return 0;
  const queued = await queueDigest(
    waiting.map((admin) => admin.email),
    await digestFor(day),
    now,
  );
  return queued.length;
}

/**
 * Queues `digest` to each address in `to`, skipping any that already has that day's: a unique index keeps
 * it to one per admin per day however many servers sweep. Returns the outbox ids queued.
 */
async function queueDigest(to: string[], digest: DigestPayload, now: Date): Promise<number[]> {
  const subject = digestSubject(siteConfig.name, digestDayLabel(digest.day), digest.total);
  const queued = await getDb().$queryRaw<{ id: number }[]>`
    ${outboxInsertSql(
      "digest",
      Prisma.sql`SELECT NULL::int AS "entryId", "email" AS "to", ${subject}::text AS "subject", ${JSON.stringify(digest)}::jsonb AS "payload"
        FROM unnest(${to}::text[]) AS "email"`,
      { now },
    )}
    ON CONFLICT ("to", ("payload" ->> 'day')) WHERE "kind" = 'digest' DO NOTHING
    RETURNING "id"`;
  return queued.map((row) => row.id);
}
