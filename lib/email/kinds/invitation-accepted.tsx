import "server-only";

import { siteConfig } from "@/config/site";
import { InvitationAcceptedEmail } from "@/emails/invitation-accepted-email";
import { newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { Prisma } from "@/lib/generated/prisma/client";
import { businessTypeLabel, teamSizeLabel } from "@/lib/validation/waitlist";

// The alert that someone accepted their invitation, to each active admin who asked to hear of every signup
// (notify "each"): accepting is when the team has to act (the login, the set-up call). Queued in the same
// statement that marks the entry accepted (acceptInvitation), so it is queued once, the first time only.

/** What the alert needs (stored values; labels and links are made at send time). */
export interface InvitationAcceptedPayload {
  name: string;
  email: string;
  businessType: string;
  employees: string;
  source: string;
  entryId: number;
}

/** The end of the alert's subject; the person's name comes first. */
export const invitationAcceptedSubjectEnd = (productName: string) => ` accepted their invitation to ${productName}`;

/** The alert email of a payload. */
export function invitationAcceptedElement(alert: InvitationAcceptedPayload, common: EmailContext) {
  return (
    <InvitationAcceptedEmail
      {...common}
      name={alert.name}
      email={alert.email}
      businessType={businessTypeLabel(alert.businessType)}
      teamSize={teamSizeLabel(alert.employees)}
      source={alert.source}
      entryUrl={`${common.siteUrl}/admin/waitlist/${alert.entryId}`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

/**
 * A CTE, `accepted_alerts`, that queues the alert for each row of `source` (a CTE returning the waitlist's
 * "id", "name", "email", "businessType", "employees" and "source" of entries accepted just now) to every
 * active admin whose choice is "each". Tied to the entry, so erasing it erases them.
 */
export function queueAcceptedAlertsSql(source: "accepted", now: Date): Prisma.Sql {
  const from = Prisma.raw(source);
  return Prisma.sql`accepted_alerts AS (
       INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
       SELECT e."id", 'invitation-accepted', a."email",
              e."name" || ${invitationAcceptedSubjectEnd(siteConfig.name)}::text,
              jsonb_build_object('name', e."name", 'email', e."email", 'businessType', e."businessType",
                'employees', e."employees", 'source', e."source", 'entryId', e."id"),
              ${newMessageIdSql()}, ${now}::timestamptz, ${now}::timestamptz
       FROM ${from} AS e CROSS JOIN "admin_users" AS a
       WHERE a."notify" = 'each' AND a."isActive"
       RETURNING "id"
     )`;
}
