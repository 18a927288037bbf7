import "server-only";

import { siteConfig } from "@/config/site";
import { getDb } from "@/lib/db";
import { referralSubject } from "@/lib/email/kinds/referral";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { absoluteUrl } from "@/lib/email/site";
import { hashToken, newToken } from "@/lib/email/tokens";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * After a credit: the referrer's email of the day, queued to go out REFERRAL_EMAIL_DELAY_SECONDS later, or, while that one is
 * still waiting, brought up to date (friends and place). A day whose email is already sent gets no other.
 * Returns the id of a newly queued email, if any (it is sent by the sweep when due).
 */
export async function queueReferralEmail(referrerId: number, now = new Date()): Promise<number | null> {
  const day = now.toISOString().slice(0, 10);
  const leaveToken = newToken();
  const statusToken = newToken();
  // Credits arriving within this long of the day's first are told in the same email, which waits for them.
  const sendAt = new Date(now.getTime() + env().REFERRAL_EMAIL_DELAY_SECONDS * 1000);
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH r AS (
      SELECT w."id", w."name", w."email",
             (SELECT count(*)::int FROM "waitlist" AS f WHERE f."referredById" = w."id" AND f."referralCredit" = 'credited') AS "friends",
             "waitlist_place"(w."lineOrder") AS "place", c."place" AS "upFrom",
             ${absoluteUrl("/?ref=")}::text || w."referralCode" AS "referralUrl"
      FROM "waitlist" AS w LEFT JOIN "waitlist_confirmed_places" AS c ON c."entryId" = w."id"
      WHERE w."id" = ${referrerId}::int
    ),
    updated AS (
      UPDATE "email_outbox" AS o SET "payload" = o."payload" || jsonb_build_object('friends', r."friends", 'place', r."place")
      FROM r WHERE o."entryId" = r."id" AND o."kind" = 'referral' AND o."payload" ->> 'day' = ${day} AND o."status" = 'pending'
      RETURNING o."id"
    ),
    fresh AS (
      SELECT r.* FROM r
      WHERE NOT EXISTS (SELECT 1 FROM "email_outbox" WHERE "entryId" = r."id" AND "kind" = 'referral' AND "payload" ->> 'day' = ${day})
    ),
    emails AS (
      ${outboxInsertSql(
        "referral",
        Prisma.sql`SELECT "id" AS "entryId", "email" AS "to", ${referralSubject(siteConfig.name)}::text AS "subject",
             jsonb_build_object('day', ${day}::text, 'name', "name", 'friends', "friends", 'place', "place",
               'upFrom', "upFrom", 'referralUrl', "referralUrl",
               'statusUrl', ${absoluteUrl(`/waitlist/status?token=${statusToken}`)}::text,
               'leaveUrl', ${absoluteUrl(`/waitlist/leave?token=${leaveToken}`)}::text) AS "payload"
           FROM fresh`,
        { now, sendAt },
      )}
      ON CONFLICT ("entryId", ("payload" ->> 'day')) WHERE "kind" = 'referral' DO NOTHING
      RETURNING "id", "entryId"
    ),
    tokens AS (
      INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
      SELECT ${hashToken(leaveToken)}, "entryId", 'leave', ${now}::timestamptz FROM emails
      UNION ALL
      SELECT ${hashToken(statusToken)}, "entryId", 'status', ${now}::timestamptz FROM emails
    )
    SELECT "id" FROM emails`;
  return rows[0]?.id ?? null;
}
