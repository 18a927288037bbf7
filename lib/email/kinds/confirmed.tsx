import "server-only";

import { z } from "zod";

import { siteConfig } from "@/config/site";
import { ConfirmedEmail } from "@/emails/confirmed-email";
import { defineEmailKind } from "@/lib/email/email-kind";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { absoluteUrl } from "@/lib/email/site";
import { hashToken, newToken } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// The "you're confirmed" email: sent once, when an entry first confirms its address, with the place the
// confirmation gave, its status page (the place in line and the link to share) and the way off the list.

/** What the "you're confirmed" email needs. Its links are blanked in the outbox once the message is sent. */
const payload = z.object({
  name: z.string(),
  /** The place the confirmation gave, written in just after it (lib/data/waitlist/line.ts keepConfirmedPlace). */
  place: z.number().nullable().optional(),
  statusUrl: z.string(),
  leaveUrl: z.string(),
});
export type ConfirmedPayload = z.infer<typeof payload>;

/** The subject of the "you're confirmed" email. */
export const confirmedSubject = (productName: string) => `You're confirmed on the ${productName} waiting list`;

export const confirmedKind = defineEmailKind({
  kind: "confirmed",
  subject: confirmedSubject,
  payload,
  template: (confirmed, common) => <ConfirmedEmail {...common} {...confirmed} />,
  label: "“You're confirmed” email",
  onEntry: "“You're confirmed” email",
  to: "them",
});

/**
 * Two CTEs, `confirmed_leave` and `confirmed_email`, that queue the "you're confirmed" email for the row of
 * `source` (a CTE returning the "id", "name" and "email" of an entry confirmed for the first time just now),
 * in the confirmation's own statement: with a new leave token (its hash stored) and the status page's token
 * the caller already stores. A unique index keeps it to one per entry; `confirmed_email` returns its "id".
 */
export function queueConfirmedEmailSql(source: "welcomed", statusToken: string, now: Date): Prisma.Sql {
  const leaveToken = newToken();
  const from = Prisma.raw(source);
  return Prisma.sql`confirmed_leave AS (
       INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
       SELECT ${hashToken(leaveToken)}, "id", 'leave', ${now}::timestamptz FROM ${from}
     ),
     confirmed_email AS (
       ${outboxInsertSql(
         "confirmed",
         Prisma.sql`SELECT "id" AS "entryId", "email" AS "to", ${confirmedSubject(siteConfig.name)}::text AS "subject",
              jsonb_build_object('name', "name",
                'statusUrl', ${absoluteUrl(`/waitlist/status?token=${statusToken}`)}::text,
                'leaveUrl', ${absoluteUrl(`/waitlist/leave?token=${leaveToken}`)}::text) AS "payload"
            FROM ${from}`,
         { now },
       )}
       ON CONFLICT ("entryId") WHERE "kind" = 'confirmed' DO NOTHING
       RETURNING "id"
     )`;
}
