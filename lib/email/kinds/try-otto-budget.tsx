import "server-only";

import { z } from "zod";

import { TryOttoBudgetEmail } from "@/emails/try-otto-budget-email";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";

// "The live demo has used 80% of today's budget": queued by settleTryOttoCall's caller (lib/try-otto/answer.ts) to
// each active full admin, once a UTC day, when a call's settlement takes the day's spend past 80% of the budget.

/** The share of the day's budget that sends the alert. */
export const TRY_OTTO_ALERT_SHARE = 0.8;

const payload = z.object({ day: z.string(), spent: z.string(), budget: z.string() });
export type TryOttoBudgetPayload = z.infer<typeof payload>;

export const tryOttoBudgetSubject = (productName: string) =>
  `${productName}'s live demo has used 80% of today's budget`;

function tryOttoBudgetElement(alert: TryOttoBudgetPayload, common: EmailContext) {
  return (
    <TryOttoBudgetEmail
      {...common}
      {...alert}
      overviewUrl={`${common.siteUrl}/admin/overview?range=today`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

export const tryOttoBudgetKind = defineEmailKind({
  kind: "try-otto-budget",
  subject: tryOttoBudgetSubject,
  payload,
  template: tryOttoBudgetElement,
  label: "Live demo budget alert to the team",
  onEntry: "Live demo budget alert",
  to: "your team",
});
