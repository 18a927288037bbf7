import type { Recipient } from "@/lib/email/email-kind";
import { emailKindOf } from "@/lib/email/kinds";

// Each kind of email as the team reads it, from the kind's own file (lib/email/kinds/): `label` on the Emails
// pages, where any message is listed; `onEntry` and `to` on one entry's timeline, where "this signup" is the
// one being looked at.

/** The plain-English name of an outbox row's kind (an unknown kind, from a newer version, reads "Email"). */
export function emailKindLabel(kind: string): string {
  return emailKindOf(kind)?.label ?? "Email";
}

/** How an entry's timeline names an email of this kind, and who it went to. */
export function emailKindOnEntry(kind: string): { name: string; to: Recipient } {
  const known = emailKindOf(kind);
  return known ? { name: known.onEntry, to: known.to } : { name: "An email", to: "them" };
}
