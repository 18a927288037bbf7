import "server-only";

import { z } from "zod";

import { HeldSummaryEmail } from "@/emails/held-summary-email";
import { HELD_LIST_HREF } from "@/lib/admin-paths";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";
import { formatNumber, utcDateTime } from "@/lib/format";
import { heldReasonShort } from "@/lib/validation/challenge";

// "N signups held for review": a held signup sends no alert of its own (a hundred bots would be a hundred
// emails), so each active admin who chose every signup hears of them together, at most once an hour, while
// new ones come in. The maintenance sweep queues it (queueHeldSummaries, lib/data/waitlist/held-summaries.ts);
// the outbox sweep sends it.

/** How long an admin goes between two of these at least. */
export const HELD_SUMMARY_INTERVAL_MS = 60 * 60 * 1000;

/** What the email needs: the new held signups of one admin's hour or more. */
const payload = z.object({
  /** New held signups (still held) since `since`. */
  count: z.number(),
  /** The start of the count, ISO 8601: this admin's last such email, or an hour before. */
  since: z.string(),
  /** The new ones by heldReason, most first. */
  byReason: z.array(z.object({ reason: z.string(), count: z.number() })),
  /** Every signup held now. */
  waiting: z.number(),
});
export type HeldSummaryPayload = z.infer<typeof payload>;

/** The subject, which starts with the count. */
export const heldSummarySubject = (productName: string, count: number) =>
  `${formatNumber(count)} ${count === 1 ? "signup" : "signups"} held for review on the ${productName} waiting list`;

/** The email of a payload. */
function heldSummaryElement(summary: HeldSummaryPayload, common: EmailContext) {
  return (
    <HeldSummaryEmail
      {...common}
      count={summary.count}
      sinceLabel={utcDateTime.format(new Date(summary.since))}
      byReason={summary.byReason.map((row) => ({ label: heldReasonShort(row.reason) || "Unknown", count: row.count }))}
      waiting={summary.waiting}
      heldListUrl={`${common.siteUrl}${HELD_LIST_HREF}`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

export const heldSummaryKind = defineEmailKind({
  kind: "held-summary",
  subject: heldSummarySubject,
  payload,
  template: heldSummaryElement,
  label: "Held signups summary to the team",
  onEntry: "Held signups summary",
  to: "your team",
});
