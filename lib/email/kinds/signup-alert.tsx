import "server-only";

import { z } from "zod";

import { SignupAlertEmail } from "@/emails/signup-alert-email";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";
import { businessTypeText, teamSizeLabel } from "@/lib/validation/waitlist";

// The alert of a new signup, to each active admin who asked for one per signup. Its rows are queued by the
// database function `waitlist_queue_signup_alerts` (prisma/sql/functions/signup_alert.sql), which the
// signup's own function calls in the signup's transaction (see queueConfirmationSql in lib/data/waitlist/signups.ts), given the
// subject's start below and the Message-ID domain; its Message-ID is the rule every email's is
// (`email_message_id`, lib/email/message-id.ts).

/** What the alert of a new signup needs (stored values; labels and links are made at send time). */
const payload = z.object({
  name: z.string(),
  email: z.string(),
  businessType: z.string(),
  /** "What kind of business?" (with "other" only); absent from alerts queued before it existed. */
  businessDescription: z.string().nullish(),
  employees: z.string(),
  source: z.string(),
  entryId: z.number(),
});
export type SignupAlertPayload = z.infer<typeof payload>;

/** The start of the alert's subject; the new entry's name follows. */
export const signupAlertSubjectPrefix = (productName: string) => `New signup on the ${productName} waiting list: `;

/** The alert email of a payload. */
function signupAlertElement(alert: SignupAlertPayload, common: EmailContext) {
  return (
    <SignupAlertEmail
      {...common}
      name={alert.name}
      email={alert.email}
      businessType={businessTypeText(alert.businessType, alert.businessDescription)}
      teamSize={teamSizeLabel(alert.employees)}
      source={alert.source}
      entryUrl={`${common.siteUrl}/admin/waitlist/${alert.entryId}`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

export const signupAlertKind = defineEmailKind({
  kind: "signup-alert",
  subject: signupAlertSubjectPrefix,
  payload,
  template: signupAlertElement,
  label: "New signup alert to the team",
  onEntry: "Alert about this signup",
  to: "your team",
});
