import "server-only";

import { after } from "next/server";

import { sweepOutbox } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";

/**
 * Tries to send a just-queued message once the response has gone (Next's `after()`), so the visitor does
 * not wait for the mail server. Whatever fails here is retried by the sweep; without SMTP_URL the sweep
 * alone marks the message as not sent. Outside a request (scripts, tests) it starts at once instead.
 */
export function sendSoon(outboxIds: number | number[] | null): void {
  const ids = outboxIds === null ? [] : [outboxIds].flat();
  if (ids.length === 0 || !emailConfigured()) return;
  const run = () =>
    sweepOutbox({ ids }).then(
      () => undefined,
      (error: unknown) => console.warn("[email] sending after the response failed; the sweep will retry:", error instanceof Error ? error.message : error),
    );
  try {
    after(run);
  } catch {
    void run();
  }
}
