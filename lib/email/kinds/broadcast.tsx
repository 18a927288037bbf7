import "server-only";

import { z } from "zod";

import { BroadcastEmail } from "@/emails/broadcast-email";
import { defineEmailKind } from "@/lib/email/email-kind";

// A broadcast: the team's own message to a segment of the list (lib/data/broadcasts.ts queues it). Each copy
// carries the person's own leave link, in the footer and in the RFC 8058 headers the outbox adds for it.

/** What a broadcast email needs: its subject and Markdown body, and the person's leave link (blanked once sent). */
const payload = z.object({
  subject: z.string(),
  body: z.string(),
  leaveUrl: z.string(),
});
export type BroadcastPayload = z.infer<typeof payload>;

export const broadcastKind = defineEmailKind({
  kind: "broadcast",
  // Each broadcast has the subject the team wrote; this is only the kind's name for it elsewhere.
  subject: (productName: string) => `A message from ${productName}`,
  payload,
  template: (message, common) => <BroadcastEmail {...common} {...message} />,
  label: "Broadcast",
  onEntry: "Broadcast",
  to: "them",
});
