import { emailKindOnEntry } from "@/lib/email/kind-labels";
import { utcDateTime } from "@/lib/format";

/** One email of an entry, as its timeline reads it. */
export interface TimelineEmail {
  kind: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  lastError: string | null;
}

/**
 * An email on an entry's timeline as a sentence an owner reads at a glance: what it was, who it went to and
 * what became of it ("Alert about this signup sent to your team"; "Confirmation email to them could not be
 * sent: …"). `emailConfigured` false: a waiting email is not going anywhere, and the line says why.
 */
export function emailEventText(email: TimelineEmail, emailConfigured: boolean): string {
  const { name, to } = emailKindOnEntry(email.kind);
  switch (email.status) {
    case "sent": {
      // Sent in the minute it was queued, the line's own time says when; later, the sending time is worth saying.
      const late = email.sentAt && utcDateTime.format(email.sentAt) !== utcDateTime.format(email.createdAt);
      return `${name} sent to ${to}${late ? ` at ${utcDateTime.format(email.sentAt!)} UTC` : ""}`;
    }
    case "failed":
      // The mail server's own words (codes, addresses, jargon) stay on the email's page in the Emails section.
      return `${name} to ${to} could not be sent; the Emails page has the mail server's reason`;
    default:
      return emailConfigured
        ? `${name} to ${to} is waiting to be sent`
        : `${name} to ${to} not sent: email is not configured on this site`;
  }
}
