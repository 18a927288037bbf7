import { CHALLENGE_FIELD, challengePayloadSchema } from "@/lib/validation/challenge";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/** The longest request a visitor may type, in characters. */
export const TRY_OTTO_MAX_CHARS = 300;
/** Turns in one conversation: the first request and two follow-ups. */
export const TRY_OTTO_MAX_TURNS = 3;
/** The longest reply kept from the model (and sent back with a follow-up), in characters. */
export const TRY_OTTO_MAX_REPLY_CHARS = 600;

const askSchema = z
  .string({ message: "Type what you'd like Otto to do." })
  .trim()
  .min(1, "Type what you'd like Otto to do.")
  .max(TRY_OTTO_MAX_CHARS, `Keep it to ${TRY_OTTO_MAX_CHARS} characters.`)
  .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE);

/** One request to the live demo, as the section's form sends it and the route checks it. */
export const tryOttoRequestSchema = z.object({
  message: askSchema,
  /** The conversation so far (its earlier turns), kept by the browser only: the server stores none of it. */
  history: z
    .array(
      z.object({
        ask: askSchema,
        reply: z.string().max(TRY_OTTO_MAX_REPLY_CHARS).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
      }),
    )
    .max(TRY_OTTO_MAX_TURNS - 1, `A conversation has at most ${TRY_OTTO_MAX_TURNS} turns.`)
    .default([]),
  /** The signed ticket the previous turn's answer gave, for a follow-up; absent on a first turn. */
  conversation: z.string().max(512).optional(),
  [CHALLENGE_FIELD]: challengePayloadSchema.optional(),
});
export type TryOttoRequest = z.infer<typeof tryOttoRequestSchema>;

// What the model answers with: a strict JSON schema is made from these (lib/try-otto/schema.ts), and its answer is
// checked against them again with the limits below, so a card that breaks them is dropped while the reply stays.
const text = (max: number) => z.string().min(1).max(max).refine(hasNoControlCharacters);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const lineItem = z.strictObject({
  name: text(80),
  description: text(160),
  price: z.number().min(0).max(100_000),
  quantity: z.number().int().min(1).max(1_000),
});
const lineItems = z.array(lineItem).min(1).max(6);

export const tryOttoCardSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("quote"), customerName: text(80), items: lineItems, notes: text(200) }),
  z.strictObject({
    kind: z.literal("invoice"),
    customerName: text(80),
    items: lineItems,
    notes: text(200),
    dueInDays: z.number().int().min(0).max(90),
  }),
  z.strictObject({
    kind: z.literal("booking"),
    customerName: text(80),
    service: text(80),
    date: isoDate,
    startTime: clock,
    endTime: clock,
    address: text(120),
    notes: text(200),
  }),
  z.strictObject({
    kind: z.literal("reminder"),
    toName: text(80),
    toEmail: z.email().max(120),
    subject: text(120),
    body: text(400),
  }),
  z.strictObject({
    kind: z.literal("customer"),
    name: text(80),
    email: z.email().max(120),
    phone: text(30),
    address: text(120),
    type: z.enum(["residential", "commercial"]),
  }),
  z.strictObject({
    kind: z.literal("jobs"),
    date: isoDate,
    jobs: z
      .array(
        z.strictObject({
          customerName: text(80),
          service: text(80),
          startTime: clock,
          endTime: clock,
          address: text(120),
          status: z.enum(["scheduled", "completed", "cancelled"]),
        }),
      )
      .min(1)
      .max(8),
  }),
]);
export type TryOttoCard = z.infer<typeof tryOttoCardSchema>;
export type TryOttoCardKind = TryOttoCard["kind"];
export const TRY_OTTO_CARD_KINDS = ["quote", "invoice", "booking", "reminder", "customer", "jobs"] as const;

/** The model's whole answer: the reply, and a card or null. The card is checked on its own (tryOttoCardSchema). */
export const tryOttoAnswerSchema = z.strictObject({
  reply: z.string(),
  offTopic: z.boolean(),
  card: z.unknown(),
});
