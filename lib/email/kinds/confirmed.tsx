import "server-only";

import { siteConfig } from "@/config/site";
import { ConfirmedEmail } from "@/emails/confirmed-email";
import { newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { absoluteUrl } from "@/lib/email/site";
import { hashToken, newToken } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// The "you're confirmed" email: sent once, when an entry first confirms its address, with its status page
// (the place in line and the link to share) and the way off the list.

/** What the "you're confirmed" email needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmedPayload {
  name: string;
  statusUrl: string;
  leaveUrl: string;
}

/** The subject of the "you're confirmed" email. */
export const confirmedSubject = (productName: string) => `You're confirmed on the ${productName} waiting list`;

/** The "you're confirmed" email of a payload. */
export function confirmedElement(payload: ConfirmedPayload, common: EmailContext) {
  return <ConfirmedEmail {...common} {...payload} />;
}

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
       INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
       SELECT "id", 'confirmed', "email", ${confirmedSubject(siteConfig.name)},
              jsonb_build_object('name', "name",
                'statusUrl', ${absoluteUrl(`/waitlist/status?token=${statusToken}`)}::text,
                'leaveUrl', ${absoluteUrl(`/waitlist/leave?token=${leaveToken}`)}::text),
              ${newMessageIdSql()}, ${now}::timestamptz, ${now}::timestamptz
       FROM ${from}
       ON CONFLICT ("entryId") WHERE "kind" = 'confirmed' DO NOTHING
       RETURNING "id"
     )`;
}
