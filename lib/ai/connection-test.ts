import "server-only";

import OpenAI from "openai";

import { createOpenAIClient } from "@/lib/ai/client";
import type { AIConfig } from "@/lib/ai/config";
import { clip, redactSecrets } from "@/lib/ai/redact";

/** The request the test sends: one short sentence back, so a test costs a few dozen tokens. */
export const CONNECTION_TEST_PROMPT =
  "This is a connection test. Reply with one short sentence confirming that you can read this.";
export const CONNECTION_TEST_MAX_TOKENS = 32;

const MAX_REPLY_CHARS = 500;
const MAX_DETAIL_CHARS = 300;
const MAX_RETRY_AFTER_SECONDS = 3600;

export type ConnectionTestFailure =
  | "not_configured"
  | "timeout"
  | "unreachable"
  | "key_rejected"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "quota_exceeded"
  | "provider_error"
  | "bad_request"
  | "unexpected";

export type ConnectionTestOutcome =
  | { ok: true; status: 200; body: { message: string; response: string } }
  | {
      ok: false;
      status: number;
      failure: ConnectionTestFailure;
      body: { message: string; error: string };
      headers: Record<string, string>;
      /**
       * What the operator should check, naming the server's settings: for the server log only. The page is
       * public, and a visitor has no use for the names of our environment variables.
       */
      hint?: string;
    };

function failed(
  failure: ConnectionTestFailure,
  status: number,
  message: string,
  error: string,
  options: { headers?: Record<string, string>; hint?: string } = {},
): ConnectionTestOutcome {
  return { ok: false, status, failure, body: { message, error }, headers: options.headers ?? {}, hint: options.hint };
}

/** For the server log when no key is set: the variable to set. */
export const NOT_CONFIGURED_HINT =
  "Set the OPENAI_API_KEY environment variable on the server (and OPENAI_BASE_URL for an OpenAI-compatible provider other than OpenAI), then restart or redeploy it.";

/** The answer when no key is set (no call is made); the setting to change is in `hint`, for the server log. */
export function notConfiguredOutcome(): ConnectionTestOutcome {
  return failed(
    "not_configured",
    503,
    "The AI provider is not configured",
    "This server has not been set up to reach an AI provider yet. The site's operator can find what to set in the server log.",
    { hint: NOT_CONFIGURED_HINT },
  );
}

/**
 * Sends one tiny chat completion to the configured provider and describes the result as the JSON
 * body and status the endpoint answers with. Never throws; the key never appears in the outcome.
 */
export async function runConnectionTest(config: AIConfig): Promise<ConnectionTestOutcome> {
  const { apiKey } = config;
  if (!apiKey) return notConfiguredOutcome();

  // Our own deadline, checked by `signal.aborted` below: the SDK's timeout error is recognised by its
  // name, which is lost when the abort comes from another JavaScript realm (as under Jest).
  const signal = AbortSignal.timeout(config.timeoutMs);
  try {
    const completion = await createOpenAIClient({ ...config, apiKey }).chat.completions.create(
      {
        model: config.model,
        messages: [{ role: "user", content: CONNECTION_TEST_PROMPT }],
        // max_tokens is refused by OpenAI's reasoning models; max_completion_tokens is the current name.
        max_completion_tokens: CONNECTION_TEST_MAX_TOKENS,
      },
      { signal },
    );
    const reply = clip(redactSecrets(completion.choices[0]?.message?.content ?? "", [apiKey]), MAX_REPLY_CHARS);
    const model = typeof completion.model === "string" && completion.model ? completion.model : config.model;
    return {
      ok: true,
      status: 200,
      body: {
        message: reply
          ? `Connected to the AI provider: model ${model} replied.`
          : `Connected to the AI provider, but model ${model} sent an empty reply.`,
        response: reply,
      },
    };
  } catch (error) {
    if (signal.aborted) return timeoutOutcome(config);
    return describeFailure(error, config, apiKey);
  }
}

function timeoutOutcome(config: AIConfig): ConnectionTestOutcome {
  const seconds = Math.round((config.timeoutMs / 1000) * 10) / 10;
  return failed(
    "timeout",
    504,
    "The AI provider did not answer in time",
    `No reply within ${seconds} seconds. Please try again in a moment.`,
  );
}

function describeFailure(error: unknown, config: AIConfig, apiKey: string): ConnectionTestOutcome {
  // The timeout error is a kind of connection error, so it is checked first.
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timeoutOutcome(config);
  if (error instanceof OpenAI.APIConnectionError) {
    const code = causeCode(error);
    return failed(
      "unreachable",
      502,
      "Could not reach the AI provider",
      `The connection to the provider failed${code ? ` (${code})` : ""}. Please try again later.`,
      { hint: "Check OPENAI_BASE_URL and the server's network access." },
    );
  }
  if (error instanceof OpenAI.APIError && typeof error.status === "number") {
    const detail = providerDetail(error, apiKey);
    // The provider's words first (they say what went wrong), then what to check on our side.
    const withDetail = (hint: string) => (detail ? `${detail} ${hint}` : hint);
    switch (error.status) {
      case 401:
        return failed(
          "key_rejected",
          502,
          "The AI provider rejected the API key",
          withDetail("The site's operator needs to check the server's API key."),
          { hint: "Check the value of OPENAI_API_KEY." },
        );
      case 403:
        return failed(
          "forbidden",
          502,
          "The AI provider refused access with this API key",
          withDetail("Check the key's permissions and the provider account."),
        );
      case 404:
        return failed(
          "not_found",
          502,
          `The AI provider does not offer model ${config.model} at this address`,
          withDetail("The site's operator needs to check which model and provider the server uses."),
          { hint: "Check OPENAI_MODEL and OPENAI_BASE_URL." },
        );
      case 429: {
        if (error.code === "insufficient_quota" || error.type === "insufficient_quota") {
          return failed(
            "quota_exceeded",
            503,
            "The AI provider account has run out of quota",
            withDetail("Check the plan and billing of the provider account."),
          );
        }
        const retryAfter = retryAfterSeconds(error.headers);
        return failed(
          "rate_limited",
          503,
          "The AI provider is rate limiting requests",
          withDetail("Please try again in a moment."),
          { headers: retryAfter ? { "Retry-After": String(retryAfter) } : {} },
        );
      }
      default:
        if (error.status >= 500) {
          return failed(
            "provider_error",
            502,
            "The AI provider had an internal error",
            withDetail(`It answered with status ${error.status}. Please try again later.`),
          );
        }
        return failed(
          "bad_request",
          502,
          "The AI provider refused the test request",
          withDetail(`It answered with status ${error.status}.`),
        );
    }
  }
  return failed(
    "unexpected",
    500,
    "Connection test failed",
    "An unexpected error occurred while calling the AI provider.",
  );
}

/** The provider's own error message, safe to show: secrets redacted, length capped. */
function providerDetail(error: InstanceType<typeof OpenAI.APIError>, apiKey: string): string {
  const body: unknown = error.error;
  const message =
    body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : "";
  return clip(redactSecrets(message, [apiKey]), MAX_DETAIL_CHARS);
}

/** A system error code such as ECONNREFUSED from the cause chain; codes carry no secrets, unlike URLs. */
function causeCode(error: Error): string | null {
  let current: unknown = error.cause;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (
      typeof current === "object" &&
      "code" in current &&
      typeof current.code === "string" &&
      /^[A-Z0-9_]+$/.test(current.code)
    ) {
      return current.code;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : null;
  }
  return null;
}

/** Seconds to wait, from Retry-After (seconds or HTTP date) or OpenAI's retry-after-ms; null if absent. */
export function retryAfterSeconds(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number(headers.get("retry-after-ms"));
  let seconds: number | null = headers.get("retry-after-ms") && Number.isFinite(ms) && ms > 0 ? ms / 1000 : null;
  const value = headers.get("retry-after")?.trim();
  if (seconds === null && value) {
    if (/^\d+(\.\d+)?$/.test(value)) seconds = Number(value);
    else {
      const date = Date.parse(value);
      if (Number.isFinite(date)) seconds = (date - now) / 1000;
    }
  }
  if (seconds === null || !Number.isFinite(seconds)) return null;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
}
