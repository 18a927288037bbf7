import "server-only";

import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

import { onlyOtherDescribed, PERMANENT_EMAIL_MESSAGE, waitlistFields } from "@/lib/validation/waitlist";

// A curated list of throwaway-mailbox domains (a few thousand, none of them real providers), kept on the server:
// shipped to the browser it would weigh more than the whole form. The package rebuilds its Set on every
// call, so it is built once here.
let domains: Set<string> | undefined;

/**
 * Whether an address is at a disposable-mail domain, or a subdomain of one (`x.mailinator.com` is still
 * mailinator): such a signup never confirms anyone real, and its confirmation email goes to a public inbox.
 */
export function isDisposableEmail(email: string): boolean {
  domains ??= disposableEmailBlocklistSet();
  const labels = email.trim().toLowerCase().split("@").at(-1)!.split(".");
  for (let index = 0; index < labels.length - 1; index += 1) {
    if (domains.has(labels.slice(index).join("."))) return true;
  }
  return false;
}

/**
 * The signup as the server checks it: the form's own schema, plus the one rule the browser cannot carry (the
 * list), on the email field itself, so it is said with the form's other messages, in the same place.
 */
export const waitlistSignupSchema = onlyOtherDescribed(
  waitlistFields.extend({
    email: waitlistFields.shape.email.refine((email) => !isDisposableEmail(email), {
      message: PERMANENT_EMAIL_MESSAGE,
    }),
  }),
);
