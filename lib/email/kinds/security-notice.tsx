import "server-only";

import { z } from "zod";

import { siteConfig } from "@/config/site";
import { SecurityNoticeEmail } from "@/emails/security-notice-email";
import type { Tx } from "@/lib/db";
import { defineEmailKind, type EmailContext } from "@/lib/email/email-kind";
import { outboxInsertSql } from "@/lib/email/outbox-insert";
import { utcDateTime } from "@/lib/format";
import { Prisma } from "@/lib/generated/prisma/client";

// The email that tells an admin the way they sign in has changed: a second factor added or removed, new
// recovery codes, a recovery code used, or their second factor reset by another admin. Queued in the
// transaction of the change itself, so it is sent exactly when the change happened.

const CHANGES = [
  "totp-added",
  "totp-removed",
  "passkey-added",
  "passkey-removed",
  "recovery-codes-made",
  "recovery-code-used",
  "second-factor-reset",
  "second-step-failures",
] as const;

export type SecurityChange = (typeof CHANGES)[number];

/** What the email needs. */
const payload = z.object({
  name: z.string(),
  change: z.enum(CHANGES),
  /** The passkey's name, who reset the second factor, or how many second steps failed. */
  subject: z.string().optional(),
  /** When it happened, ISO 8601. */
  at: z.string(),
});
export type SecurityNoticePayload = z.infer<typeof payload>;

const HEADLINES: Record<SecurityChange, string> = {
  "totp-added": "An authenticator app was set up on your account",
  "totp-removed": "The authenticator app was removed from your account",
  "passkey-added": "A passkey was added to your account",
  "passkey-removed": "A passkey was removed from your account",
  "recovery-codes-made": "New recovery codes were made for your account",
  "recovery-code-used": "A recovery code was used to sign in to your account",
  "second-factor-reset": "Your second factor was reset",
  "second-step-failures": "Someone gave your password but not your second factor",
};

/** What an admin who has lost their second factor does: another admin resets it, or, with none, the server's owner. */
export const LOST_FACTOR_ADVICE =
  "ask an admin with full rights to reset your second factor (if you are the only admin, run npm run admin:reset-second-factor -- --email <your email> on the server)";

/** The subject line: the headline, after the product's name. */
export const securityNoticeSubject = (productName: string, change: SecurityChange) =>
  `${productName}: ${HEADLINES[change]}`;

function detailOf(payload: SecurityNoticePayload): string {
  const when = `${utcDateTime.format(new Date(payload.at))} UTC`;
  switch (payload.change) {
    case "passkey-added":
    case "passkey-removed":
      return `The passkey "${payload.subject ?? "unnamed"}", on ${when}.`;
    case "recovery-codes-made":
      return `On ${when}. The codes you had before no longer work.`;
    case "recovery-code-used":
      return `On ${when}. That code no longer works; the others still do.`;
    case "second-step-failures":
      return `${payload.subject ?? "Several"} sign-ins with your password failed at the second step in the last 15 minutes, the latest on ${when}. Your second factor stopped them.`;
    case "second-factor-reset":
      return `${payload.subject ?? "An admin"} removed your passkeys, authenticator app and recovery codes on ${when}, and ended your sessions. Sign in with your password to set a new one up.`;
    default:
      return `On ${when}.`;
  }
}

function adviceOf(change: SecurityChange): string {
  switch (change) {
    case "second-factor-reset":
      return "If you did not ask for this, tell another admin at once: someone may be trying to take over your account.";
    case "second-step-failures":
      return "If this was not you, someone knows your password: sign in and change it now.";
    default:
      return `If this was you, there is nothing to do. If it was not, sign in and check your security settings now, or ${LOST_FACTOR_ADVICE}, then change your password.`;
  }
}

/** The email of a payload. */
function securityNoticeElement(payload: SecurityNoticePayload, common: EmailContext) {
  return (
    <SecurityNoticeEmail
      {...common}
      name={payload.name}
      headline={`${HEADLINES[payload.change]}.`}
      detail={detailOf(payload)}
      advice={adviceOf(payload.change)}
      securityUrl={`${common.siteUrl}/admin/settings#security`}
    />
  );
}

export const securityNoticeKind = defineEmailKind({
  kind: "security-notice",
  subject: securityNoticeSubject,
  payload,
  template: securityNoticeElement,
  label: "Sign-in security notice to an admin",
  onEntry: "Security notice",
  to: "the admin",
});

/** Queues the email to the admin in the caller's transaction; returns the outbox row's id. */
export async function queueSecurityNotice(
  tx: Tx,
  admin: { id: number; email: string; name: string },
  change: SecurityChange,
  subject?: string,
  now = new Date(),
): Promise<number> {
  const notice: SecurityNoticePayload = {
    name: admin.name,
    change,
    at: now.toISOString(),
    ...(subject ? { subject } : {}),
  };
  const rows = await tx.$queryRaw<{ id: number }[]>`
    ${outboxInsertSql(
      "security-notice",
      Prisma.sql`SELECT NULL::int AS "entryId", ${admin.email}::text AS "to",
        ${securityNoticeSubject(siteConfig.name, change)}::text AS "subject", ${JSON.stringify(notice)}::jsonb AS "payload"`,
      { now },
    )}
    RETURNING "id"`;
  return rows[0]!.id;
}
