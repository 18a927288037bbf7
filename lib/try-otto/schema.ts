import { tryOttoCardSchema } from "@/lib/validation/try-otto";
import { z } from "@/lib/validation/zod";

// Keywords a strict response schema may not carry: the limits stay in the zod schema, which checks the answer.
const UNSUPPORTED = new Set([
  "$schema",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "pattern",
  "format",
]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function strict(node: Json): Json {
  if (Array.isArray(node)) return node.map(strict);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNSUPPORTED.has(key)) continue;
    // Strict mode takes anyOf only.
    out[key === "oneOf" ? "anyOf" : key] = strict(value);
  }
  return out;
}

/**
 * The strict JSON schema the model answers in, made from the card schemas the answer is checked against, so the
 * two never disagree: offTopic first and the reply next (so the reply can be shown while it streams), then one
 * card or null.
 */
export const TRY_OTTO_RESPONSE_SCHEMA: Record<string, unknown> = {
  type: "object",
  additionalProperties: false,
  required: ["offTopic", "reply", "card"],
  properties: {
    offTopic: { type: "boolean" },
    reply: { type: "string" },
    card: {
      anyOf: [
        ...((strict(z.toJSONSchema(tryOttoCardSchema) as Json) as { anyOf?: Json[] }).anyOf ?? []),
        { type: "null" },
      ],
    },
  },
};
