import { blankAsUnset, z } from "@/lib/validation/zod";

/**
 * Every action the audit log records, with the words the audit page shows for it.
 */
export const AUDIT_ACTIONS = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_out": "Signed out",
  "auth.second_factor_failed": "Failed a sign-in's second step",
  "security.totp_add": "Set up an authenticator app",
  "security.totp_remove": "Removed their authenticator app",
  "security.passkey_add": "Added a passkey",
  "security.passkey_rename": "Renamed a passkey",
  "security.passkey_remove": "Removed a passkey",
  "security.recovery_codes": "Made new recovery codes",
  "security.recovery_code_used": "Used a recovery code",
  "security.second_step_alert": "Was emailed about failed second steps",
  "security.password_confirmed": "Confirmed their password",
  "admin.second_factor_reset": "Reset an admin's second factor",
  "session.revoke": "Ended a session",
  "session.revoke_others": "Ended all other sessions",
  "waitlist.view": "Viewed the waitlist",
  "waitlist.export": "Exported the waitlist",
  "audit.view": "Viewed the audit log",
  "audit.export": "Exported the audit log",
  "waitlist.invite": "Invited entries",
  "waitlist.delete": "Deleted an entry",
  "waitlist.release": "Released held signups",
  "waitlist.delete_held": "Deleted held signups",
  "waitlist.import": "Imported a list",
  "waitlist.resend_confirmation": "Resent a confirmation",
  "waitlist.resend_invitation": "Resent an invitation",
  "waitlist.credit_referral": "Credited a withheld referral",
  "waitlist.tag": "Changed entries' tags",
  "waitlist.note_add": "Added a note",
  "waitlist.note_edit": "Edited a note",
  "waitlist.note_delete": "Deleted a note",
  "webhook.update": "Changed a webhook's events",
  "admin.create": "Added an admin",
  "admin.activate": "Activated an admin",
  "admin.deactivate": "Deactivated an admin",
  "admin.role": "Changed an admin's role",
  "webhook.create": "Added a webhook",
  "webhook.delete": "Removed a webhook",
  "webhook.test": "Sent a webhook a test event",
  "notifications.change": "Changed their email about signups",
  "settings.moved_up": "Changed the “You moved up” updates",
  "settings.try_otto": "Turned the landing page's live demo on or off",
  "segment.create": "Saved a segment",
  "segment.delete": "Deleted a segment",
  "broadcast.schedule": "Scheduled a broadcast",
  "broadcast.send": "Sent a broadcast",
  "broadcast.cancel": "Cancelled a broadcast",
  "error.resolve": "Resolved an error",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_VALUES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_PAGE_SIZE = 50;

const DATE_MESSAGE = "must be a date as YYYY-MM-DD";
const dateSchema = (name: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} ${DATE_MESSAGE}`)
      .refine(
        (value) =>
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        `${name} ${DATE_MESSAGE}`,
      )
      .optional(),
  );

/**
 * The audit page's filters, in its URL and in GET /api/admin/audit(/export): who (`admin`, an admin id),
 * what (`action`) and when (`from` and `to`, whole days in UTC, both included); unknown parameters are ignored.
 */
export const auditQuerySchema = z
  .object({
    admin: z.preprocess(
      blankAsUnset,
      z.coerce
        .number({ error: "admin must be an admin id" })
        .int("admin must be an admin id")
        .min(1, "admin must be an admin id")
        .max(2_147_483_647, "admin must be an admin id")
        .optional(),
    ),
    action: z.preprocess(
      blankAsUnset,
      z.enum(AUDIT_ACTION_VALUES, { error: "action is not a recorded action" }).optional(),
    ),
    from: dateSchema("from"),
    to: dateSchema("to"),
    page: z.preprocess(
      blankAsUnset,
      z.coerce
        .number({ error: "page must be a whole number" })
        .int("page must be a whole number")
        .min(1, "page must be at least 1")
        .max(1_000_000, "page is too large")
        .default(1),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "to must not be before from",
  });

export type AuditQuery = z.output<typeof auditQuerySchema>;

/**
 * The filters from a URL, read leniently for the page: a hand-edited value that is not valid is dropped on
 * its own rather than breaking the page.
 */
export function readAuditQuery(params: Record<string, string | undefined>): AuditQuery {
  const strict = auditQuerySchema.safeParse(params);
  if (strict.success) return strict.data;
  const bad = new Set(strict.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(params).filter(([key]) => !bad.has(key)));
  const lenient = auditQuerySchema.safeParse(kept);
  return lenient.success ? lenient.data : { page: 1 };
}

/** The URL search string of a set of filters, without defaults (no leading `?`). */
export function auditQuerySearch(query: Partial<AuditQuery>): string {
  const params = new URLSearchParams();
  if (query.admin) params.set("admin", String(query.admin));
  if (query.action) params.set("action", query.action);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.page && query.page !== 1) params.set("page", String(query.page));
  return params.toString();
}
