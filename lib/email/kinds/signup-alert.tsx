import "server-only";

import { SignupAlertEmail } from "@/emails/signup-alert-email";
import type { EmailContext } from "@/lib/email/render";
import { businessTypeText, teamSizeLabel } from "@/lib/validation/waitlist";

// The alert of a new signup, to each active admin who asked for one per signup. Its rows are queued by the
// database function `waitlist_queue_signup_alerts` (prisma/sql/functions/signup_alert.sql), which the
// signup's own function calls in the signup's transaction (queueConfirmationSql, lib/data/waitlist/signups.ts), given the
// subject's start below and the Message-ID domain; its Message-ID is the rule every email's is
// (`email_message_id`, lib/email/message-id.ts).

/** What the alert of a new signup needs (stored values; labels and links are made at send time). */
export interface SignupAlertPayload {
  name: string;
  email: string;
  businessType: string;
  /** "What kind of business?" (with "other" only); absent from alerts queued before it existed. */
  businessDescription?: string | null;
  employees: string;
  source: string;
  entryId: number;
}

/** The start of the alert's subject; the new entry's name follows. */
export const signupAlertSubjectPrefix = (productName: string) => `New signup on the ${productName} waiting list: `;

/** The alert email of a payload. */
export function signupAlertElement(alert: SignupAlertPayload, common: EmailContext) {
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
