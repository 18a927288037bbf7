import type { EmailKind } from "@/lib/email/render";

/** Who an email goes to, as an entry's timeline says it. */
type Recipient = "them" | "your team" | "the admin";

/**
 * Each kind of email as the team reads it: `label` on the Emails pages, where any message is listed; `onEntry` and
 * `to` on one entry's timeline, where "this signup" is the one being looked at.
 */
export const EMAIL_KINDS: Record<EmailKind, { label: string; onEntry: string; to: Recipient }> = {
  confirmation: { label: "Confirmation email", onEntry: "Confirmation email", to: "them" },
  "confirmation-reminder": { label: "Reminder to confirm", onEntry: "Reminder to confirm", to: "them" },
  confirmed: { label: "“You're confirmed” email", onEntry: "“You're confirmed” email", to: "them" },
  invitation: { label: "Invitation email", onEntry: "Invitation email", to: "them" },
  referral: { label: "Referral email", onEntry: "Email about their referrals", to: "them" },
  "signup-alert": { label: "New signup alert to the team", onEntry: "Alert about this signup", to: "your team" },
  "invitation-accepted": {
    label: "Accepted invitation alert to the team",
    onEntry: "Alert that they accepted",
    to: "your team",
  },
  digest: { label: "Daily digest to the team", onEntry: "Daily digest", to: "your team" },
  "held-summary": { label: "Held signups summary to the team", onEntry: "Held signups summary", to: "your team" },
  "security-notice": { label: "Sign-in security notice to an admin", onEntry: "Security notice", to: "the admin" },
};

const kindOf = (kind: string) => (EMAIL_KINDS as Record<string, (typeof EMAIL_KINDS)[EmailKind]>)[kind];

/** The plain-English name of an outbox row's kind (an unknown kind, from a newer version, reads "Email"). */
export function emailKindLabel(kind: string): string {
  return kindOf(kind)?.label ?? "Email";
}

/** How an entry's timeline names an email of this kind, and who it went to. */
export function emailKindOnEntry(kind: string): { name: string; to: Recipient } {
  const known = kindOf(kind);
  return known ? { name: known.onEntry, to: known.to } : { name: "An email", to: "them" };
}
