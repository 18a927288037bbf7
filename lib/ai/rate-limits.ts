import "server-only";

import { clientRateKey, type RateLimitRule } from "@/lib/rate-limit";

/** Connection tests one client may run per minute. */
export const CONNECTION_TEST_LIMIT_PER_CLIENT = 5;
/** Connection tests the whole site may run per minute, whoever asks: the cap on what a public button can spend. */
export const CONNECTION_TEST_LIMIT_GLOBAL = 30;
const WINDOW_MS = 60_000;

/**
 * The limits a connection test counts against, the client's first (when its address is known): a client over its own limit is
 * refused before it can use up the global budget.
 */
export function connectionTestRateLimits(ip: string | null): RateLimitRule[] {
  const global = { key: "ai-test:global", limit: CONNECTION_TEST_LIMIT_GLOBAL, windowMs: WINDOW_MS };
  // A client whose address cannot be known has only the global budget to count against.
  return ip
    ? [{ key: `ai-test:ip:${clientRateKey(ip)}`, limit: CONNECTION_TEST_LIMIT_PER_CLIENT, windowMs: WINDOW_MS }, global]
    : [global];
}
