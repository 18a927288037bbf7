import "server-only";

import { ConfirmationEmail } from "@/emails/confirmation-email";
import type { EmailContext } from "@/lib/email/render";

// The confirmation email: sent after a signup (and on request), one button that confirms the address. Its
// rows are queued by the signup's own database call (queueConfirmationSql, lib/data/waitlist/signups.ts).

/** What the confirmation email needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmationPayload {
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

/** The subject of the confirmation email. */
export const confirmationSubject = (productName: string) => `Confirm your place on the ${productName} waiting list`;

/** The confirmation email of a payload. */
export function confirmationElement(payload: ConfirmationPayload, common: EmailContext) {
  return <ConfirmationEmail {...common} {...payload} />;
}
