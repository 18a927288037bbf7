import "server-only";

import { z } from "zod";

import { ErrorAlertEmail } from "@/emails/error-alert-email";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";
import { formatNumber } from "@/lib/format";

// "A new error on the site": the maintenance sweep (queueErrorAlerts, lib/data/error-alerts.ts) sends it to
// each active full admin when a cause of errors is new, or back after someone resolved it, at most once a
// cause an hour.

/** How long a cause goes between two alerts at least. */
export const ERROR_ALERT_INTERVAL_MS = 60 * 60 * 1000;

const payload = z.object({
  groups: z.array(
    z.object({ kind: z.string(), name: z.string(), message: z.string(), route: z.string(), count: z.number() }),
  ),
});
export type ErrorAlertPayload = z.infer<typeof payload>;

/** The subject: how many causes are new. */
export const errorAlertSubject = (productName: string, count: number) =>
  count === 1
    ? `A new error on the ${productName} site`
    : `${formatNumber(count)} new errors on the ${productName} site`;

function errorAlertElement(alert: ErrorAlertPayload, common: EmailContext) {
  return (
    <ErrorAlertEmail
      {...common}
      groups={alert.groups}
      errorsUrl={`${common.siteUrl}/admin/errors`}
      settingsUrl={`${common.siteUrl}/admin/settings`}
    />
  );
}

export const errorAlertKind = defineEmailKind({
  kind: "error-alert",
  subject: errorAlertSubject,
  payload,
  template: errorAlertElement,
  label: "New error alert to the team",
  onEntry: "New error alert",
  to: "your team",
});
