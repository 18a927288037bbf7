import "server-only";

import { z } from "zod";

import { ConfirmationEmail } from "@/emails/confirmation-email";
import { defineEmailKind } from "@/lib/email/email-kind";

// The confirmation email: sent after a signup (and on request), one button that confirms the address. Its
// rows are queued by the signup's own database call (queueConfirmationSql, lib/data/waitlist/signups.ts).

/** What the confirmation email needs. Its links are blanked in the outbox once the message is sent. */
const payload = z.object({ name: z.string(), confirmUrl: z.string(), leaveUrl: z.string() });
export type ConfirmationPayload = z.infer<typeof payload>;

/** The subject of the confirmation email. */
export const confirmationSubject = (productName: string) => `Confirm your place on the ${productName} waiting list`;

export const confirmationKind = defineEmailKind({
  kind: "confirmation",
  subject: confirmationSubject,
  payload,
  template: (confirmation, common) => <ConfirmationEmail {...common} {...confirmation} />,
  label: "Confirmation email",
  onEntry: "Confirmation email",
  to: "them",
});
