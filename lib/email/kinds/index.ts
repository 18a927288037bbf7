import "server-only";

import type { z } from "zod";

import { broadcastKind } from "@/lib/email/kinds/broadcast";
import { confirmationKind } from "@/lib/email/kinds/confirmation";
import { confirmationReminderKind } from "@/lib/email/kinds/confirmation-reminder";
import { confirmedKind } from "@/lib/email/kinds/confirmed";
import { digestKind } from "@/lib/email/kinds/digest";
import { errorAlertKind } from "@/lib/email/kinds/error-alert";
import { heldSummaryKind } from "@/lib/email/kinds/held-summary";
import { invitationKind } from "@/lib/email/kinds/invitation";
import { invitationAcceptedKind } from "@/lib/email/kinds/invitation-accepted";
import { movedUpKind } from "@/lib/email/kinds/moved-up";
import { referralKind } from "@/lib/email/kinds/referral";
import { securityNoticeKind } from "@/lib/email/kinds/security-notice";
import { signupAlertKind } from "@/lib/email/kinds/signup-alert";
import { tryOttoBudgetKind } from "@/lib/email/kinds/try-otto-budget";

// Every kind of email, one file each: a new kind is a file in this folder and a line here. The renderer, the
// labels of the admin pages and the outbox's kinds all come from this list.

/** Every kind of email the outbox sends. */
export const EMAIL_KIND_LIST = [
  confirmationKind,
  confirmationReminderKind,
  confirmedKind,
  invitationKind,
  signupAlertKind,
  invitationAcceptedKind,
  digestKind,
  heldSummaryKind,
  referralKind,
  securityNoticeKind,
  broadcastKind,
  movedUpKind,
  errorAlertKind,
  tryOttoBudgetKind,
] as const;

type AnyKind = (typeof EMAIL_KIND_LIST)[number];

/** The name of a kind of email, as its outbox rows carry it. */
export type EmailKind = AnyKind["kind"];

/** Any outbox payload: each kind's fields, every link among them blanked once sent. */
export type EmailPayload = z.infer<AnyKind["payload"]>;

const byKind = new Map<string, AnyKind>(EMAIL_KIND_LIST.map((definition) => [definition.kind, definition]));

/** The definition of an outbox row's kind, or undefined for a kind this version does not know. */
export function emailKindOf(kind: string): AnyKind | undefined {
  return byKind.get(kind);
}
