import "server-only";

import { z } from "zod";

import { siteConfig } from "@/config/site";
import { InvitationAcceptedEmail } from "@/emails/invitation-accepted-email";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { Prisma } from "@/lib/generated/prisma/client";
import { businessTypeLabel, teamSizeLabel } from "@/lib/validation/waitlist";

// The alert that someone accepted their invitation, to each active admin who asked to hear of every signup
// (notify "each"): accepting is when the team has to act (the login, the set-up call). Queued in the same
// statement that marks the entry accepted (acceptInvitation), so it is queued once, the first time only.

/** What the alert needs (stored values; labels and links are made at send time). */
const payload = z.object({
  name: z.string(),
  email: z.string(),
  businessType: z.string(),
  employees: z.string(),
  source: z.string(),
  entryId: z.number(),
});
export type InvitationAcceptedPayload = z.infer<typeof payload>;

/** The end of the alert's subject; the person's name comes first. */
export const invitationAcceptedSubjectEnd = (productName: string) => ` accepted their invitation to ${productName}`;

/** The alert email of a payload. */
function invitationAcceptedElement(alert: InvitationAcceptedPayload, common: EmailContext) {
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

export const invitationAcceptedKind = defineEmailKind({
  kind: "invitation-accepted",
  subject: invitationAcceptedSubjectEnd,
  payload,
  template: invitationAcceptedElement,
  label: "Accepted invitation alert to the team",
  onEntry: "Alert that they accepted",
  to: "your team",
});

/**
 * A CTE, `accepted_alerts`, that queues the alert for each row of `source` (a CTE returning the waitlist's
 * "id", "name", "email", "businessType", "employees" and "source" of entries accepted just now) to every
 * active admin whose choice is "each". Tied to the entry, so erasing it erases them.
 */
export function queueAcceptedAlertsSql(source: "accepted", now: Date): Prisma.Sql {
  const from = Prisma.raw(source);
  return Prisma.sql`accepted_alerts AS (
       ${outboxInsertSql(
         "invitation-accepted",
         Prisma.sql`SELECT e."id" AS "entryId", a."email" AS "to",
              e."name" || ${invitationAcceptedSubjectEnd(siteConfig.name)}::text AS "subject",
              jsonb_build_object('name', e."name", 'email', e."email", 'businessType', e."businessType",
                'employees', e."employees", 'source', e."source", 'entryId', e."id") AS "payload"
            FROM ${from} AS e CROSS JOIN "admin_users" AS a
            WHERE a."notify" = 'each' AND a."isActive"`,
         { now },
       )}
       RETURNING "id"
     )`;
}
