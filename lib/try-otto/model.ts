import "server-only";

import type OpenAI from "openai";

import { MAX_REPLY_CHARS, tryOttoSystemPrompt } from "@/lib/try-otto/prompt";
import { TRY_OTTO_RESPONSE_SCHEMA } from "@/lib/try-otto/schema";
import { tryOttoAnswerSchema, tryOttoCardSchema, type TryOttoCard } from "@/lib/validation/try-otto";

/** The most the model may write per answer: a short reply and one card, with room to spare. */
export const MAX_OUTPUT_TOKENS = 700;

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ModelOutcome =
  | { kind: "answered"; reply: string; offTopic: boolean; card: TryOttoCard | null; usage: ModelUsage | null }
  | { kind: "failed" | "timeout"; usage: ModelUsage | null };

export interface Turn {
  ask: string;
  reply: string;
}

/** The messages of one call: the fixed system prompt, the earlier turns, then the new request. */
export function tryOttoMessages(today: string, history: readonly Turn[], message: string) {
  return [
    { role: "system" as const, content: tryOttoSystemPrompt(today) },
    ...history.flatMap((turn) => [
      { role: "user" as const, content: turn.ask },
      // The earlier replies go back as the model wrote them (their cards are not sent again).
      { role: "assistant" as const, content: JSON.stringify({ offTopic: false, reply: turn.reply, card: null }) },
    ]),
    { role: "user" as const, content: message },
  ];
}

// Each token is at least one byte of text (byte-level tokenisers), so a message's UTF-8 length bounds its tokens. The
// schema travels as part of the prompt, in a form no longer than twice its JSON; each message adds a few tokens.
const SCHEMA_BYTES = Buffer.byteLength(JSON.stringify(TRY_OTTO_RESPONSE_SCHEMA));
const TOKENS_PER_MESSAGE = 8;

/** The most input tokens these messages can be counted as: what a call reserves for its input. */
export function maxInputTokens(messages: readonly { content: string }[]): number {
  const text = messages.reduce((sum, message) => sum + Buffer.byteLength(message.content) + TOKENS_PER_MESSAGE, 0);
  return text + 2 * SCHEMA_BYTES + 64;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" };
const REPLY_START = /^\s*\{\s*"offTopic"\s*:\s*(true|false)\s*,\s*"reply"\s*:\s*"/;

/**
 * The reply as far as the model has written it, read from its unfinished JSON (the schema puts offTopic, then the
 * reply, first), so the reply can be shown while the rest streams in. Null until offTopic and the reply's start
 * have arrived.
 */
export function partialReply(json: string): { offTopic: boolean; reply: string } | null {
  const start = REPLY_START.exec(json);
  if (!start) return null;
  let reply = "";
  for (let i = start[0].length; i < json.length;) {
    const ch = json[i]!;
    if (ch === '"') break;
    if (ch !== "\\") {
      reply += ch;
      i += 1;
      continue;
    }
    const next = json[i + 1];
    if (next === undefined) break;
    if (next === "u") {
      const hex = json.slice(i + 2, i + 6);
      if (hex.length < 4) break;
      reply += String.fromCharCode(parseInt(hex, 16));
      i += 6;
      continue;
    }
    reply += ESCAPES[next] ?? next;
    i += 2;
  }
  return { offTopic: start[1] === "true", reply };
}

/** A reply cut to MAX_REPLY_CHARS, at a word where it can be. */
export function clipReply(reply: string): string {
  const trimmed = reply.trim();
  if (trimmed.length <= MAX_REPLY_CHARS) return trimmed;
  const cut = trimmed.slice(0, MAX_REPLY_CHARS - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** The model's whole answer checked: the reply kept, a card that breaks its schema dropped. Null if unusable. */
export function readAnswer(json: string): { reply: string; offTopic: boolean; card: TryOttoCard | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const answer = tryOttoAnswerSchema.safeParse(parsed);
  if (!answer.success) return null;
  const card = answer.data.card === null ? null : tryOttoCardSchema.safeParse(answer.data.card);
  return {
    reply: clipReply(answer.data.reply),
    offTopic: answer.data.offTopic,
    card: card?.success ? card.data : null,
  };
}

export interface AskOptions {
  client: OpenAI;
  model: string;
  messages: ReturnType<typeof tryOttoMessages>;
  timeoutMs: number;
  /** Called with the reply so far each time more of it has streamed in. */
  onReply: (progress: { offTopic: boolean; reply: string }) => void;
}

/** One streamed call with the strict response schema. Never throws: a failure or the deadline is an outcome. */
export async function askModel({ client, model, messages, timeoutMs, onReply }: AskOptions): Promise<ModelOutcome> {
  // Our own deadline, checked by `signal.aborted`: the SDK's timeout error is recognised by its name, which is lost
  // when the abort comes from another JavaScript realm (as under Jest).
  const signal = AbortSignal.timeout(timeoutMs);
  let usage: ModelUsage | null = null;
  try {
    const stream = await client.chat.completions.create(
      {
        model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        // max_tokens is refused by OpenAI's reasoning models; max_completion_tokens is the current name.
        max_completion_tokens: MAX_OUTPUT_TOKENS,
        response_format: {
          type: "json_schema",
          json_schema: { name: "otto_answer", strict: true, schema: TRY_OTTO_RESPONSE_SCHEMA },
        },
      },
      { signal },
    );
    let text = "";
    let refused = false;
    for await (const chunk of stream) {
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      const delta = chunk.choices[0]?.delta;
      if (delta?.refusal) refused = true;
      if (!delta?.content) continue;
      text += delta.content;
      const progress = partialReply(text);
      if (progress) onReply(progress);
    }
    if (refused) return { kind: "failed", usage };
    const answer = readAnswer(text);
    return answer ? { kind: "answered", ...answer, usage } : { kind: "failed", usage };
  } catch {
    return { kind: signal.aborted ? "timeout" : "failed", usage };
  }
}
