import "server-only";

import { z } from "zod";

import { MovedUpEmail } from "@/emails/moved-up-email";
import { defineEmailKind } from "@/lib/email/email-kind";

// "You moved up": to a confirmed person still waiting, when their place is at least the owner's number of
// places better than the place we last told them. Off until the owner turns it on in Settings; queued by the
// maintenance sweep (lib/data/waitlist/moved-up.ts), at most once a day per person.

/** What the "You moved up" email needs. Its leave link is blanked in the outbox once the message is sent. */
const payload = z.object({
  name: z.string(),
  place: z.number(),
  moved: z.number(),
  referralUrl: z.string(),
  leaveUrl: z.string(),
});
export type MovedUpPayload = z.infer<typeof payload>;

const grouped = new Intl.NumberFormat("en-US");

/**
 * The words around the place in the "You moved up" subject; the sweep's statement writes the place between
 * them (grouped as here), so the subject has one wording.
 */
export const movedUpSubjectAround = (productName: string) => ({
  before: "You moved up to #",
  after: ` on the ${productName} waiting list`,
});

/** The subject of the "You moved up" email: the new place, as the status page writes it. */
export function movedUpSubject(productName: string, place: number): string {
  const { before, after } = movedUpSubjectAround(productName);
  return `${before}${grouped.format(place)}${after}`;
}

export const movedUpKind = defineEmailKind({
  kind: "moved-up",
  subject: movedUpSubject,
  payload,
  template: (update, common) => <MovedUpEmail {...common} {...update} />,
  label: "“You moved up” email",
  onEntry: "“You moved up” email",
  to: "them",
});
