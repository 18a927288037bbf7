import "server-only";

import { siteConfig } from "@/config/site";
import { InvitationEmail } from "@/emails/invitation-email";
import { newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { publicSiteUrl } from "@/lib/email/site";
import { hashTokenSql } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// The invitation email: sent when the team lets an entry in, one button that opens early access.

/** What the invitation email needs. Its links are blanked in the outbox once the message is sent. */
export interface InvitationPayload {
  name: string;
  acceptUrl: string;
  leaveUrl: string;
  /** The personal status page (absent from invitations queued before it existed). */
  statusUrl?: string;
  note: string;
}

/** The subject of the invitation email. */
export const invitationSubject = (productName: string) => `Your invitation to ${productName} is here`;

/** The invitation email of a payload. */
export function invitationElement(payload: InvitationPayload, common: EmailContext) {
  return <InvitationEmail {...common} {...payload} />;
}

/**
 * Two CTEs, `tokens` and `emails`, that give each row of `source` ("id", "name", "email", "acceptToken",
 * "leaveToken", "statusToken") its accept, leave and status tokens (only their SHA-256 is stored) and its invitation email in the
 * outbox; `emails` returns each message's "id" and "entryId". A batch can invite thousands in one
 * statement, so the rows are made by the database.
 */
export function queueInvitationsSql(source: "invited" | "target", note: string, now: Date): Prisma.Sql {
  const site = publicSiteUrl();
  const from = Prisma.raw(source);
  const at = Prisma.sql`${now}::timestamptz`;
  return Prisma.sql`tokens AS (
       INSERT INTO "waitlist_tokens" ("tokenHash", "entryId", "purpose", "createdAt")
       SELECT ${hashTokenSql(Prisma.sql`"acceptToken"`)}, "id", 'accept', ${at} FROM ${from}
       UNION ALL
       SELECT ${hashTokenSql(Prisma.sql`"leaveToken"`)}, "id", 'leave', ${at} FROM ${from}
       UNION ALL
       SELECT ${hashTokenSql(Prisma.sql`"statusToken"`)}, "id", 'status', ${at} FROM ${from}
     ),
     emails AS (
       INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
       SELECT "id", 'invitation', "email", ${invitationSubject(siteConfig.name)}::text,
              jsonb_build_object('name', "name", 'note', ${note}::text,
                'acceptUrl', ${`${site}/early-access?token=`}::text || "acceptToken",
                'leaveUrl', ${`${site}/waitlist/leave?token=`}::text || "leaveToken",
                'statusUrl', ${`${site}/waitlist/status?token=`}::text || "statusToken"),
              ${newMessageIdSql()}, ${at}, ${at}
       FROM ${from}
       RETURNING "id", "entryId"
     )`;
}
