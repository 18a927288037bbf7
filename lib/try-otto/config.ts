import "server-only";

import { readAIConfig, type AIConfig } from "@/lib/ai/config";
import { env } from "@/lib/env";
import { modelPrice, NANOS_PER_USD } from "@/lib/try-otto/prices";

/** How long a live answer may take, start to end, before the scripted one is given instead. */
export const TRY_OTTO_TIMEOUT_MS = 10_000;

/** Live conversations one network (an IPv4 address, an IPv6 /64) may start per UTC day. */
export const TRY_OTTO_CONVERSATIONS_PER_NETWORK = 3;

export interface TryOttoConfig {
  ai: AIConfig & { apiKey: string };
  /** The model's price; null when the price table does not know it (then nothing is called). */
  price: { inputNanos: number; outputNanos: number } | null;
  budgetNanos: number;
  timeoutMs: number;
}

/** The live demo's settings, or null when it is off: no OPENAI_API_KEY, or TRY_OTTO=off. */
export function readTryOttoConfig(): TryOttoConfig | null {
  const ai = readAIConfig();
  const { TRY_OTTO, TRY_OTTO_DAILY_BUDGET_USD } = env();
  if (!ai.apiKey || TRY_OTTO === "off") return null;
  return {
    ai: { ...ai, apiKey: ai.apiKey },
    price: modelPrice(ai.model),
    budgetNanos: Math.round(TRY_OTTO_DAILY_BUDGET_USD * NANOS_PER_USD),
    timeoutMs: TRY_OTTO_TIMEOUT_MS,
  };
}
