import "server-only";

import { after } from "next/server";

import { sweepOutboxWithin } from "@/lib/email/outbox";
import { emailConfigured, SEND_TIMEOUT_MS } from "@/lib/email/transport";
import { sweepBudget } from "@/lib/jobs/sweep-budget";

/**
 * How many of a request's messages go out right after its response. A batch of invitations can queue
 * thousands: those wait for the sweep (the cron route, or a running server's own), which sends them at the
 * provider's rate across as many calls as it takes, rather than in one request's invocation.
 */
export const SEND_SOON_LIMIT = 10;

/**
 * The time after() may spend sending. It runs inside the request's own invocation, which the platform ends at
 * its time limit: messages start in the first five seconds only, so they are normally sent well inside even
 * the shortest limit (10 s on Vercel without fluid compute); the budget's end leaves a stalled one the time
 * a send may take.
 */
export const SEND_SOON_BUDGET_MS = 5_000 + SEND_TIMEOUT_MS;

/**
 * Tries to send the first few just-queued messages once the response has gone (Next's `after()`), so the
 * visitor does not wait for the mail server. Whatever is not sent here, or fails, is left to the sweep;
 * without SMTP_URL the sweep alone marks the message as not sent. Outside a request (scripts, tests) it
 * starts at once instead.
 */
export function sendSoon(outboxIds: number | number[] | null): void {
  const ids = (outboxIds === null ? [] : [outboxIds].flat()).slice(0, SEND_SOON_LIMIT);
  if (ids.length === 0 || !emailConfigured()) return;
  const run = () =>
    sweepOutboxWithin(sweepBudget(SEND_SOON_BUDGET_MS), { ids }).then(
      () => undefined,
      (error: unknown) =>
        console.warn(
          "[email] sending after the response failed; the sweep will retry:",
          error instanceof Error ? error.message : error,
        ),
    );
  try {
    after(run);
  } catch {
    void run();
  }
}
