import { waitlistFilterSchema } from "@/lib/validation/waitlist-query";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

export const SEGMENT_NAME_MAX = 60;
export const BROADCAST_SUBJECT_MAX = 150;
export const BROADCAST_BODY_MAX = 20_000;

/** POST /api/admin/segments and the list's "Save as segment": a name for the list's current search and filters. */
export const segmentSchema = z.strictObject({
  name: z
    .string({ error: "Enter a name for the segment" })
    .trim()
    .min(1, { message: "Enter a name for the segment" })
    .max(SEGMENT_NAME_MAX, { message: `The name must be at most ${SEGMENT_NAME_MAX} characters` })
    .refine(hasNoControlCharacters, { message: `The name ${CONTROL_CHARACTER_MESSAGE}` }),
  filter: waitlistFilterSchema,
});
export type SegmentInput = z.input<typeof segmentSchema>;

const subjectSchema = z
  .string({ error: "Enter a subject" })
  .trim()
  .min(1, { message: "Enter a subject" })
  .max(BROADCAST_SUBJECT_MAX, { message: `The subject must be at most ${BROADCAST_SUBJECT_MAX} characters` })
  .refine(hasNoControlCharacters, { message: `The subject ${CONTROL_CHARACTER_MESSAGE}` });

const bodySchema = z
  .string({ error: "Write the message" })
  .max(BROADCAST_BODY_MAX, {
    message: `The message must be at most ${BROADCAST_BODY_MAX.toLocaleString("en-GB")} characters`,
  })
  .refine((text) => text.trim() !== "", { message: "Write the message" });

/** What a broadcast says: the preview and "Send me a test" take only this. */
export const broadcastMessageSchema = z.strictObject({ subject: subjectSchema, body: bodySchema });
export type BroadcastMessage = z.output<typeof broadcastMessageSchema>;

const segmentIdSchema = z
  .number({ error: "Choose a segment" })
  .int({ message: "Choose a segment" })
  .min(1, { message: "Choose a segment" })
  .max(2_147_483_647, { message: "Choose a segment" });

/**
 * Whether people who never confirmed their address are included. Not unless the team ticks it: they never
 * said the address was theirs, and mail to unconfirmed addresses is what marks a sender as a spammer.
 */
const includeUnconfirmedSchema = z.boolean({ error: "includeUnconfirmed must be true or false" }).default(false);

/** Who a broadcast would reach: POST /api/admin/broadcasts/audience. */
export const broadcastAudienceSchema = z.strictObject({
  segmentId: segmentIdSchema,
  includeUnconfirmed: includeUnconfirmedSchema,
});

/** POST /api/admin/broadcasts: the message, its audience, and when (now when `sendAt` is absent or past). */
export const broadcastSchema = z.strictObject({
  subject: subjectSchema,
  body: bodySchema,
  segmentId: segmentIdSchema,
  includeUnconfirmed: includeUnconfirmedSchema,
  sendAt: z.iso
    .datetime({ offset: true, message: "sendAt must be a date and time" })
    .transform((value) => new Date(value))
    .nullish(),
});
export type BroadcastInput = z.input<typeof broadcastSchema>;
export type BroadcastRequest = z.output<typeof broadcastSchema>;

/** A broadcast's state, as its page names it. */
export const BROADCAST_STATUS_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};
