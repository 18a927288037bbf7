import "server-only";

import { siteConfig } from "@/config/site";
import { ConfirmationEmail } from "@/emails/confirmation-email";
import { signupAlertSubjectPrefix } from "@/lib/email/kinds/signup-alert";
import { messageDomain, newMessageIdSql } from "@/lib/email/message-id";
import type { EmailContext } from "@/lib/email/render";
import { absoluteUrl } from "@/lib/email/site";
import { CONFIRM_TOKEN_TTL_MS, hashToken, newToken } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SignupSource } from "@/lib/validation/waitlist";

// The confirmation email: sent after a signup (and on request), one button that confirms the address.

/** What the confirmation email needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmationPayload {
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

/** The subject of the confirmation email. */
export const confirmationSubject = (productName: string) => `Confirm your place on the ${productName} waiting list`;

/** The confirmation email of a payload. */
export function confirmationElement(payload: ConfirmationPayload, common: EmailContext) {
  return <ConfirmationEmail {...common} {...payload} />;
}

/** Who signs up, or asks for a new link (a request has only the email). */
export interface ConfirmationFields {
  name: string | null;
  email: string;
  businessType: string | null;
  /** "What kind of business?", given with the business type "other" (a signup's only). */
  businessDescription?: string | null;
  employees: string | null;
  source?: SignupSource;
  /** The code of the personal link the visitor came through, if any. */
  referralCode?: string;
  /** The signup's client network (clientNetworkKey), to withhold referral credit between neighbours. */
  signupNetwork?: string | null;
  /**
   * Why the signup is held for review (its proof of work failed: ProofFailure), or absent for a proven one,
   * which releases the address's held entry if it has one.
   */
  heldReason?: string | null;
  /** False for an admin's release of a held entry: its confirmation goes, but no new-signup alert. */
  releaseAlerts?: boolean;
  /** A checked proof of work to use up in the same call (a replay holds the signup instead). */
  proof?: { signatureHash: Buffer; expiresAt: Date };
}

/**
 * The call that queues a confirmation email (and, for a signup, adds the entry first, with the new-signup
 * alerts admins asked for) through the database function `waitlist_queue_confirmation`
 * (prisma/sql/functions/waitlist_queue_confirmation.sql): one call, one transaction. It returns the outbox id as "id", or null when nothing was queued. The tokens are made here
 * and go only into the message; the database gets their hashes.
 */
export function queueConfirmationSql(
  signup: boolean,
  fields: ConfirmationFields,
  now: Date,
  resendBefore: Date,
): Prisma.Sql {
  const confirmToken = newToken();
  const leaveToken = newToken();
  const expiresAt = new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS);
  return Prisma.sql`SELECT "waitlist_queue_confirmation"(
      ${signup}, ${fields.name}::text, ${fields.email}, ${fields.businessType}::text, ${fields.employees}::text,
      ${now}::timestamptz, ${resendBefore}::timestamptz,
      ${hashToken(confirmToken)}, ${hashToken(leaveToken)}, ${expiresAt}::timestamptz,
      ${confirmationSubject(siteConfig.name)}, ${absoluteUrl(`/waitlist/confirm?token=${confirmToken}`)}, ${absoluteUrl(`/waitlist/leave?token=${leaveToken}`)}, ${newMessageIdSql()},
      ${fields.source?.utmSource ?? null}::text, ${fields.source?.utmMedium ?? null}::text, ${fields.source?.utmCampaign ?? null}::text, ${fields.source?.referrer ?? null}::text,
      ${signupAlertSubjectPrefix(siteConfig.name)}, ${messageDomain()},
      ${fields.referralCode ?? null}::text, ${fields.signupNetwork ?? null}::text, ${fields.heldReason ?? null}::text,
      ${fields.releaseAlerts ?? true}, ${fields.proof?.signatureHash ?? null}::bytea, ${fields.proof?.expiresAt ?? null}::timestamptz,
      ${fields.businessDescription ?? null}::text
    ) AS "id"`;
}
