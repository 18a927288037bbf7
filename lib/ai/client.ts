import "server-only";

import OpenAI from "openai";

import type { AIConfig } from "@/lib/ai/config";

/** An OpenAI SDK client for a configured provider: one attempt, a short timeout, no SDK logging. */
export function createOpenAIClient(config: AIConfig & { apiKey: string }): OpenAI {
  return new OpenAI({
    apiKey: config.apiKey,
    // Explicit, so the SDK never falls back to process.env on its own (an empty OPENAI_BASE_URL would break it).
    baseURL: config.baseURL,
    // A backstop: callers pass their own abort signal with the exact deadline.
    timeout: config.timeoutMs + 1_000,
    // A public button must not multiply paid calls; the user can press it again.
    maxRetries: 0,
    // OPENAI_LOG=debug would print request details; nothing about the key may reach a log.
    logLevel: "off",
  });
}
