import "server-only";

import { TRY_OTTO_FALLBACK_NOTICES, type TryOttoFallbackReason } from "@/content/demo/try-otto";
import { createOpenAIClient } from "@/lib/ai/client";
import { spendProof, verifyProof } from "@/lib/challenge/altcha";
import {
  countTryOttoRefusal,
  queueTryOttoBudgetAlert,
  reserveTryOttoBudget,
  settleTryOttoCall,
  tryOttoDay,
  tryOttoSwitchedOn,
  type TryOttoGate,
} from "@/lib/data/try-otto";
import { TRY_OTTO_ALERT_SHARE } from "@/lib/email/kinds/try-otto-budget";
import { sendSoon } from "@/lib/jobs/send-soon";
import { clientRateKey, hitRateLimit } from "@/lib/rate-limit";
import { TRY_OTTO_CONVERSATIONS_PER_NETWORK, type TryOttoConfig } from "@/lib/try-otto/config";
import { firstTicket, issueTicket, readTicket, ticketHash, type ConversationTicket } from "@/lib/try-otto/conversation";
import type { TryOttoEvent } from "@/lib/try-otto/events";
import { closestScriptedAnswer } from "@/lib/try-otto/fallback";
import { askModel, clipReply, MAX_OUTPUT_TOKENS, maxInputTokens, tryOttoMessages } from "@/lib/try-otto/model";
import { costNanos } from "@/lib/try-otto/prices";
import { OFF_TOPIC_REPLY } from "@/lib/try-otto/prompt";
import { toShownCard } from "@/lib/try-otto/shown-card";
import { TRY_OTTO_MAX_TURNS, type TryOttoRequest } from "@/lib/validation/try-otto";

const DAY_MS = 86_400_000;

/** The per-network limit on new conversations: one UTC day's window, by address (IPv4) or /64 (IPv6). */
export function tryOttoNetworkRule(ip: string | null) {
  return {
    key: `try-otto:net:${ip ? clientRateKey(ip) : "unknown"}`,
    limit: TRY_OTTO_CONVERSATIONS_PER_NETWORK,
    windowMs: DAY_MS,
  };
}

export interface AnswerOptions {
  config: TryOttoConfig;
  request: TryOttoRequest;
  ip: string | null;
  emit: (event: TryOttoEvent) => void;
  now?: Date;
}

type Gate = { ok: true; ticket: ConversationTicket | null } | { ok: false; reason: TryOttoFallbackReason };

/**
 * The gates a request passes before the model is asked: the switch in Settings, the proof of work the signup
 * uses, and the conversation's place (a new one counts against its network's daily limit; a follow-up brings
 * the ticket of the turn before, accepted once). The budget comes last, as it is reserved.
 */
async function passGates(request: TryOttoRequest, ip: string | null, day: string, now: Date): Promise<Gate> {
  if (!(await tryOttoSwitchedOn())) return { ok: false, reason: "off" };
  const refuse = async (gate: TryOttoGate, reason: TryOttoFallbackReason = gate): Promise<Gate> => {
    await countTryOttoRefusal(day, gate);
    return { ok: false, reason };
  };
  if (!(await verifyProof(request.altcha, now)).ok) return refuse("proof");
  if (request.conversation === undefined) {
    if (request.history.length > 0) return { ok: false, reason: "turns" };
    const state = await hitRateLimit(tryOttoNetworkRule(ip), now.getTime());
    return state.allowed ? { ok: true, ticket: null } : refuse("network");
  }
  const ticket = readTicket(request.conversation, day);
  if (!ticket || ticket.turns !== request.history.length) return { ok: false, reason: "turns" };
  const spent = await spendProof({
    signatureHash: ticketHash(request.conversation),
    expiresAt: new Date(now.getTime() + 2 * DAY_MS),
  });
  return spent ? { ok: true, ticket } : { ok: false, reason: "turns" };
}

function nextTicket(
  ticket: ConversationTicket | null,
  day: string,
): { conversation: string | null; turnsLeft: number } {
  if (!ticket) return { conversation: firstTicket(day), turnsLeft: TRY_OTTO_MAX_TURNS - 1 };
  const turns = ticket.turns + 1;
  const turnsLeft = TRY_OTTO_MAX_TURNS - turns;
  return { conversation: turnsLeft > 0 ? issueTicket({ ...ticket, turns }) : null, turnsLeft };
}

function fallback(emit: AnswerOptions["emit"], message: string, reason: TryOttoFallbackReason) {
  const scripted = closestScriptedAnswer(message);
  emit({ type: "final", reply: scripted.reply, card: scripted.card, notice: TRY_OTTO_FALLBACK_NOTICES[reason] });
}

/**
 * Answers one turn of the live demo, as a stream of events: the model's answer, or the scripted demo's closest one
 * with a line saying why when a gate refuses, the provider fails or the deadline passes. Never throws for the
 * visitor's sake: whatever happens, an answer is emitted.
 */
export async function answerTryOtto({ config, request, ip, emit, now = new Date() }: AnswerOptions): Promise<void> {
  const day = tryOttoDay(now);
  const gate = await passGates(request, ip, day, now);
  if (!gate.ok) {
    fallback(emit, request.message, gate.reason);
    emit({ type: "done", conversation: null, turnsLeft: 0 });
    return;
  }
  const after = nextTicket(gate.ticket, day);
  const messages = tryOttoMessages(day, request.history, request.message);
  const { price } = config;
  const reservedNanos = price ? costNanos(price, maxInputTokens(messages), MAX_OUTPUT_TOKENS) : 0;
  if (!price || !(await reserveTryOttoBudget(day, reservedNanos, config.budgetNanos))) {
    if (!price)
      console.warn(`[try-otto] no price is known for model ${config.ai.model}: add it to lib/try-otto/prices.ts`);
    await countTryOttoRefusal(day, "budget");
    fallback(emit, request.message, "budget");
    emit({ type: "done", ...after });
    return;
  }

  let streamed = "";
  const outcome = await askModel({
    client: createOpenAIClient({ ...config.ai, timeoutMs: config.timeoutMs }),
    model: config.ai.model,
    messages,
    timeoutMs: config.timeoutMs,
    onReply: ({ offTopic, reply }) => {
      const shown = offTopic ? "" : reply.slice(0, clipReply(reply).length);
      if (shown.length <= streamed.length || !shown.startsWith(streamed)) return;
      emit({ type: "text", text: shown.slice(streamed.length) });
      streamed = shown;
    },
  });

  const answered = outcome.kind === "answered" ? outcome : null;
  const shown = answered?.card && !answered.offTopic ? toShownCard(answered.card, day) : null;
  if (!answered) fallback(emit, request.message, outcome.kind === "timeout" ? "timeout" : "failed");
  else if (answered.offTopic) emit({ type: "final", reply: OFF_TOPIC_REPLY, card: null });
  else emit({ type: "final", reply: answered.reply, card: shown });

  // Unknown usage (a timeout, a stream cut short) is settled at the reservation: the provider may have billed it.
  const usage = outcome.usage;
  const { spentNanos } = await settleTryOttoCall(day, {
    reservedNanos,
    costNanos: usage ? costNanos(price, usage.inputTokens, usage.outputTokens) : reservedNanos,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    newConversation: gate.ticket === null,
    failed: !answered,
    offTopic: answered?.offTopic ?? false,
    card: answered && !answered.offTopic ? (answered.card?.kind ?? null) : null,
  });
  emit({ type: "done", ...after });
  if (Number(spentNanos) >= config.budgetNanos * TRY_OTTO_ALERT_SHARE) {
    sendSoon(await queueTryOttoBudgetAlert(day, config.budgetNanos, now));
  }
}
