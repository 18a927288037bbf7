import "server-only";

import { render } from "@react-email/render";

import { siteConfig } from "@/config/site";
import type { ContactWay } from "@/content/email-links";
import { contactWay } from "@/lib/email/contact";
import { confirmationElement, type ConfirmationPayload } from "@/lib/email/kinds/confirmation";
import { confirmationReminderElement, type ConfirmationReminderPayload } from "@/lib/email/kinds/confirmation-reminder";
import { confirmedElement, type ConfirmedPayload } from "@/lib/email/kinds/confirmed";
import { digestElement, type DigestPayload } from "@/lib/email/kinds/digest";
import { heldSummaryElement, type HeldSummaryPayload } from "@/lib/email/kinds/held-summary";
import { invitationElement, type InvitationPayload } from "@/lib/email/kinds/invitation";
import { invitationAcceptedElement, type InvitationAcceptedPayload } from "@/lib/email/kinds/invitation-accepted";
import { referralElement, type ReferralPayload } from "@/lib/email/kinds/referral";
import { securityNoticeElement, type SecurityNoticePayload } from "@/lib/email/kinds/security-notice";
import { signupAlertElement, type SignupAlertPayload } from "@/lib/email/kinds/signup-alert";
import { publicSiteUrl } from "@/lib/email/site";

// Each kind of email has one file in lib/email/kinds/: its payload, subject, template and the one way its
// rows enter the outbox. This file picks the template of an outbox row's kind.

/** What every template is given besides its payload. */
export interface EmailContext {
  productName: string;
  siteUrl: string;
  /** How to reach the team, as this deployment allows (the visitors' emails say it). */
  contact: ContactWay;
}

export type EmailKind =
  | "confirmation"
  | "confirmation-reminder"
  | "confirmed"
  | "invitation"
  | "signup-alert"
  | "invitation-accepted"
  | "digest"
  | "held-summary"
  | "referral"
  | "security-notice";

/** Any outbox payload: each kind's fields, every link among them blanked once sent. */
export type EmailPayload =
  | ConfirmationPayload
  | ConfirmationReminderPayload
  | ConfirmedPayload
  | InvitationPayload
  | SignupAlertPayload
  | InvitationAcceptedPayload
  | DigestPayload
  | HeldSummaryPayload
  | ReferralPayload
  | SecurityNoticePayload;

function elementFor(kind: EmailKind, payload: EmailPayload, common: EmailContext) {
  switch (kind) {
    case "confirmation-reminder":
      return confirmationReminderElement(payload as ConfirmationReminderPayload, common);
    case "confirmed":
      return confirmedElement(payload as ConfirmedPayload, common);
    case "invitation":
      return invitationElement(payload as InvitationPayload, common);
    case "signup-alert":
      return signupAlertElement(payload as SignupAlertPayload, common);
    case "invitation-accepted":
      return invitationAcceptedElement(payload as InvitationAcceptedPayload, common);
    case "digest":
      return digestElement(payload as DigestPayload, common);
    case "held-summary":
      return heldSummaryElement(payload as HeldSummaryPayload, common);
    case "referral":
      return referralElement(payload as ReferralPayload, common);
    case "security-notice":
      return securityNoticeElement(payload as SecurityNoticePayload, common);
    default:
      return confirmationElement(payload as ConfirmationPayload, common);
  }
}

/** The message of an outbox row: HTML that looks like the site, and a plain-text part. */
export async function renderEmail(kind: EmailKind, payload: EmailPayload): Promise<{ html: string; text: string }> {
  const element = elementFor(kind, payload, {
    productName: siteConfig.name,
    siteUrl: publicSiteUrl(),
    contact: contactWay(),
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

const LINK_FIELDS = ["confirmUrl", "acceptUrl", "leaveUrl", "statusUrl"] as const;

/** The links of a payload, for the development log. */
export function payloadLinks(payload: object): string[] {
  const fields = payload as Partial<Record<(typeof LINK_FIELDS)[number], unknown>>;
  return LINK_FIELDS.map((field) => fields[field]).filter((link): link is string => typeof link === "string");
}

/** What stands in for a link in the outbox once its message has gone: the token lived only in the email. */
export const REMOVED_LINK = "about:blank#link-removed-once-sent";

/** The payload with its links blanked. */
export function withoutLinks<P extends EmailPayload>(payload: P): P {
  const copy: Record<string, unknown> = { ...payload };
  for (const field of LINK_FIELDS) if (field in copy) copy[field] = REMOVED_LINK;
  return copy as P;
}
