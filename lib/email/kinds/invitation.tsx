import "server-only";

import { z } from "zod";

import { siteConfig } from "@/config/site";
import { InvitationEmail } from "@/emails/invitation-email";
import { defineEmailKind } from "@/lib/email/email-kind";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { publicSiteUrl } from "@/lib/email/site";
import { hashTokenSql } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";

// The invitation email: sent when the team lets an entry in, one button that opens early access.

/** What the invitation email needs. Its links are blanked in the outbox once the message is sent. */
const payload = z.object({
  name: z.string(),
  acceptUrl: z.string(),
  leaveUrl: z.string(),
  /** The personal status page (absent from invitations queued before it existed). */
  statusUrl: z.string().optional(),
  note: z.string(),
});
export type InvitationPayload = z.infer<typeof payload>;

/** The subject of the invitation email. */
export const invitationSubject = (productName: string) => `Your invitation to ${productName} is here`;

export const invitationKind = defineEmailKind({
  kind: "invitation",
  subject: invitationSubject,
  payload,
  template: (invitation, common) => <InvitationEmail {...common} {...invitation} />,
  label: "Invitation email",
  onEntry: "Invitation email",
  to: "them",
});

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
       ${outboxInsertSql(
         "invitation",
         Prisma.sql`SELECT "id" AS "entryId", "email" AS "to", ${invitationSubject(siteConfig.name)}::text AS "subject",
              jsonb_build_object('name', "name", 'note', ${note}::text,
                'acceptUrl', ${`${site}/early-access?token=`}::text || "acceptToken",
                'leaveUrl', ${`${site}/waitlist/leave?token=`}::text || "leaveToken",
                'statusUrl', ${`${site}/waitlist/status?token=`}::text || "statusToken") AS "payload"
            FROM ${from}`,
         { now },
       )}
       RETURNING "id", "entryId"
     )`;
}
