import "server-only";

import { z } from "zod";

import { DigestEmail } from "@/emails/digest-email";
import { HELD_LIST_HREF } from "@/lib/admin-paths";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";
import { formatNumber, utcDayDate, utcLongDate } from "@/lib/format";
import { businessTypeLabel } from "@/lib/validation/waitlist";

// The daily digest: one UTC day's signups, to each active admin who chose one a day.

/** What the daily digest needs: one UTC day's sums and newest names. */
const payload = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  day: z.string(),
  total: z.number(),
  byType: z.array(z.object({ key: z.string(), signups: z.number() })),
  bySource: z.array(z.object({ key: z.string(), signups: z.number() })),
  newest: z.array(z.object({ name: z.string(), businessType: z.string() })),
  /** Invitations accepted that day (absent from digests queued before acceptances were counted). */
  accepted: z.number().optional(),
  /** The day's signups still held for review, not in `total` (absent from digests queued before it was counted). */
  held: z.number().optional(),
  /** Causes of errors first seen that day (absent from digests queued before errors were recorded). */
  errors: z.number().optional(),
});
export type DigestPayload = z.infer<typeof payload>;

/** A digest's day as people read it ("25 November 2026"). */
export const digestDayLabel = (day: string) => utcLongDate.format(utcDayDate(day));

/** The digest's subject. */
export const digestSubject = (productName: string, dayLabel: string, total: number) =>
  `${productName} waiting list, ${dayLabel}: ${formatNumber(total)} ${total === 1 ? "signup" : "signups"}`;

/** The digest email of a payload. */
function digestElement(digest: DigestPayload, common: EmailContext) {
  return (
    <DigestEmail
      {...common}
      dayLabel={digestDayLabel(digest.day)}
      total={digest.total}
      accepted={digest.accepted ?? 0}
      held={digest.held ?? 0}
      heldListUrl={`${common.siteUrl}${HELD_LIST_HREF}`}
      errors={digest.errors ?? 0}
      errorsUrl={`${common.siteUrl}/admin/errors`}
      byType={digest.byType.map((row) => ({ label: businessTypeLabel(row.key), signups: row.signups }))}
      bySource={digest.bySource.map((row) => ({ label: row.key, signups: row.signups }))}
      newest={digest.newest.map((person) => ({
        name: person.name,
        businessType: businessTypeLabel(person.businessType),
      }))}
      overviewUrl={`${common.siteUrl}/admin/overview`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

export const digestKind = defineEmailKind({
  kind: "digest",
  subject: digestSubject,
  payload,
  template: digestElement,
  label: "Daily digest to the team",
  onEntry: "Daily digest",
  to: "your team",
});
