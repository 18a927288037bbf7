import "server-only";

import { env } from "@/lib/env";

/** OpenAI's own endpoint, used when OPENAI_BASE_URL is not set. */
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

export interface AIConfig {
  /** Absent when OPENAI_API_KEY is unset or empty: the provider is not configured. */
  apiKey: string | undefined;
  baseURL: string;
  model: string;
  timeoutMs: number;
}

/** The AI provider settings of this request, read from the environment each time (tests change it). */
export function readAIConfig(): AIConfig {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT_MS } = env();
  return {
    apiKey: OPENAI_API_KEY,
    baseURL: OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL,
    model: OPENAI_MODEL,
    timeoutMs: OPENAI_TIMEOUT_MS,
  };
}
