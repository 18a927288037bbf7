import type { EmailKind } from "@/lib/email/render";

/** Each kind of email as the team reads it in the admin area. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  confirmation: "Confirmation email",
  "confirmation-reminder": "Reminder to confirm",
  confirmed: "“You're confirmed” email",
  invitation: "Invitation email",
  referral: "Referral email",
  "signup-alert": "New signup alert to the team",
  "invitation-accepted": "Accepted invitation alert to the team",
  digest: "Daily digest to the team",
  "security-notice": "Sign-in security notice to an admin",
};

/** The plain-English name of an outbox row's kind (an unknown kind, from a newer version, reads "Email"). */
export function emailKindLabel(kind: string): string {
  return (EMAIL_KIND_LABELS as Record<string, string>)[kind] ?? "Email";
}
