import "server-only";

import { z } from "zod";

import { ReferralEmail } from "@/emails/referral-email";
import { defineEmailKind } from "@/lib/email/email-kind";

// The referral email: tells a referrer, at most once a UTC day, how many friends' referrals were credited,
// their place now and the place they confirmed at, with their personal link and plain links to share it. Only credited referrals count, so a withheld one sends nothing.

/** What the referral email needs. Its links are blanked in the outbox once the message is sent. */
const payload = z.object({
  /** The UTC day, `YYYY-MM-DD`: one email per referrer per day (a unique index). */
  day: z.string(),
  name: z.string(),
  friends: z.number(),
  place: z.number().nullable(),
  /** The place when they confirmed, and the personal link: absent from emails queued before they were carried. */
  upFrom: z.number().nullable().optional(),
  referralUrl: z.string().optional(),
  statusUrl: z.string(),
  leaveUrl: z.string(),
});
export type ReferralPayload = z.infer<typeof payload>;

/** The subject of the referral email. */
export const referralSubject = (productName: string) =>
  `A friend joined the ${productName} waiting list through your link`;

export const referralKind = defineEmailKind({
  kind: "referral",
  subject: referralSubject,
  payload,
  template: (referral, common) => <ReferralEmail {...common} {...referral} />,
  label: "Referral email",
  onEntry: "Email about their referrals",
  to: "them",
});
