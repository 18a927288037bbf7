import "server-only";

import { getDb } from "@/lib/db";
import { EmailPayloadError, payloadLinks, renderEmail, withoutLinks, type EmailPayload } from "@/lib/email/render";
import {
  emailConfigured,
  emailFrom,
  emailReplyTo,
  SEND_TIMEOUT_MS,
  sendPaced,
  sendSpacingMs,
  sendWaitMs,
} from "@/lib/email/transport";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { claimDueSql, failedAttempt, settleSql, type DurableQueue, type QueueOutcome } from "@/lib/jobs/durable-queue";
import { oneLineError } from "@/lib/jobs/retry";
import { BudgetRun, SWEEP_BUDGET_MS, sweepBudget, type BudgetReport, type SweepBudget } from "@/lib/jobs/sweep-budget";

/**
 * How long a claim on a message outlasts the deadline of the sweep that made it. The sweep starts no message
 * later than SEND_TIMEOUT_MS before its deadline, so every message it claimed is settled well inside its
 * claim, and no other sweep can take a message that is still on its way.
 */
export const CLAIM_MS = 2 * 60 * 1000;

/** Messages claimed at once at most, however high the rate. */
const MAX_ROUND = 50;

/** What the outbox says of a message that waits because SMTP_URL is unset. */
export const NOT_CONFIGURED_ERROR = "not sent: email is not configured";

interface ClaimedRow {
  id: number;
  kind: string;
  to: string;
  subject: string;
  payload: EmailPayload;
  messageId: string;
  attempts: number;
}

/** The email outbox as a durable queue. */
const OUTBOX: DurableQueue = {
  table: Prisma.raw('"email_outbox"'),
  doneStatus: "sent",
  doneAtColumn: Prisma.raw('"sentAt"'),
  errorColumn: Prisma.raw('"lastError"'),
};

/** Claims up to `limit` messages that are due (optionally only those in `ids`) for `leaseMs`. */
async function claimDue(limit: number, now: Date, leaseMs: number, ids?: number[]): Promise<ClaimedRow[]> {
  return getDb().$queryRaw<ClaimedRow[]>(
    claimDueSql(OUTBOX, {
      now,
      limit,
      leaseMs,
      ids,
      returning: Prisma.sql`"id", "kind", "to", "subject", "payload", "messageId", "attempts"`,
    }),
  );
}

/**
 * Sends one claimed message when its turn comes; or, when its turn comes too late for the sweep's budget,
 * gives it back unsent. It is rendered once `ready` (the message before it is on the wire): one render at a
 * time, between messages, rather than a round's renders at once holding up their sending.
 */
async function attempt(
  row: ClaimedRow,
  now: Date,
  ready: Promise<unknown>,
  begin: () => boolean,
  reached: () => void,
): Promise<QueueOutcome> {
  try {
    await ready;
    const { html, text } = await renderEmail(row.kind, row.payload);
    const leaveUrl = "leaveUrl" in row.payload ? row.payload.leaveUrl : null;
    const sent = await sendPaced(
      {
        from: emailFrom(),
        // Only when replies reach someone; the copy offers replying on the same condition (lib/email/contact.ts).
        ...(emailReplyTo() ? { replyTo: emailReplyTo() } : {}),
        to: row.to,
        subject: row.subject,
        html,
        text,
        messageId: row.messageId,
        // RFC 8058 one-click unsubscribe, which Gmail and Yahoo expect of bulk senders (admins' own emails have none).
        headers: leaveUrl
          ? { "List-Unsubscribe": `<${leaveUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : {},
      },
      begin,
      reached,
    );
    return sent ? { outcome: "sent" } : { outcome: "released" };
  } catch (error) {
    // A message that cannot be made will not be made by trying again: it fails now, alone, saying why.
    if (error instanceof EmailPayloadError) return { outcome: "give-up", error: error.message };
    return failedAttempt(row.attempts, env().EMAIL_RETRY_SCHEDULE, now, oneLineError(error));
  }
}

/**
 * Sends one claimed message (see attempt) and records the outcome: sent, or the next attempt, or failed
 * after the last, or given back.
 */
async function deliver(
  row: ClaimedRow,
  now: Date,
  ready: Promise<unknown>,
  begin: () => boolean,
  reached: () => void,
): Promise<QueueOutcome["outcome"]> {
  const result = await attempt(row, now, ready, begin, reached);
  // Recorded outside the attempt: once the mail server has the message, failing to record it must not
  // schedule it again. The token in each link lived only in this message: the outbox keeps no usable copy
  // once it is sent.
  const also =
    result.outcome === "sent" ? [Prisma.sql`"payload" = ${JSON.stringify(withoutLinks(row.payload))}::jsonb`] : [];
  await getDb().$executeRaw(settleSql(OUTBOX, row.id, result, now, also));
  if (result.outcome === "give-up")
    console.error(`[email] giving up on message ${row.id} after ${row.attempts} attempts: ${result.error}`);
  if (result.outcome === "retry-at")
    console.warn(
      `[email] message ${row.id} not sent (attempt ${row.attempts}), next try at ${result.at.toISOString()}: ${result.error}`,
    );
  return result.outcome;
}

/**
 * Without SMTP_URL, messages stay in the outbox, not sent (the admin area says "not sent: email is not
 * configured"), and go out if email is configured later. In development each is printed once to the
 * server log (subject, recipient, links) and marked, so every flow can be followed with no mail server.
 * Elsewhere nothing is written: a row per signup rewritten every few seconds would slow signups down.
 */
async function holdUnconfigured(now: Date, ids?: number[]): Promise<number> {
  if (env().NODE_ENV !== "development") return 0;
  const onlyIds = ids ?? null;
  const rows = await getDb().$queryRaw<{ id: number; to: string; subject: string; payload: EmailPayload }[]>`
    UPDATE "email_outbox" SET "status" = 'unsent', "lastError" = ${NOT_CONFIGURED_ERROR}
    WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND (${onlyIds}::int[] IS NULL OR "id" = ANY(${onlyIds}::int[]))
    RETURNING "id", "to", "subject", "payload"`;
  for (const row of rows) {
    console.info(
      [
        "",
        `[email] not sent (SMTP_URL is unset): "${row.subject}" to ${row.to}`,
        ...payloadLinks(row.payload).map((link) => `  ${link}`),
        "",
      ].join("\n"),
    );
  }
  return rows.length;
}

export interface SweepOutcome {
  sent: number;
  retried: number;
  failed: number;
  unsent: number;
}

/** A budgeted sweep's counts, and how it ended. */
export interface OutboxSweep extends SweepOutcome {
  budget: BudgetReport;
}

/**
 * Sends the messages that are due (or only those in `ids`) within a time budget: at EMAIL_RATE_PER_SECOND,
 * about a second's worth claimed at a time, and only as many as can start before the budget's cutoff (its
 * deadline less SEND_TIMEOUT_MS), so everything it claims is sent and recorded by its deadline. What is left
 * waits for the next sweep. Safe to run from several servers at once: each message is claimed by one of them.
 */
export async function sweepOutboxWithin(
  budget: SweepBudget,
  options: { ids?: number[]; now?: Date; batch?: number } = {},
): Promise<OutboxSweep> {
  const outcome: SweepOutcome = { sent: 0, retried: 0, failed: 0, unsent: 0 };
  const run = new BudgetRun(budget, SEND_TIMEOUT_MS);
  if (!emailConfigured()) {
    outcome.unsent = await holdUnconfigured(options.now ?? new Date(), options.ids);
    return { ...outcome, budget: run.report("drained") };
  }
  const spacing = sendSpacingMs();
  const round = Math.min(options.batch ?? MAX_ROUND, Math.max(1, Math.ceil(1000 / spacing)));
  const deliveries: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  let stopped: BudgetReport["stopped"] = "budget";
  // This sweep's messages claimed and not yet on the wire (or given back), and those of the round before.
  let ahead = 0;
  let previousRound: Promise<unknown> = Promise.resolve();
  let previousOnWire: Promise<unknown> = Promise.resolve();
  try {
    for (;;) {
      // What can start before the cutoff, behind the messages this process is already waiting to send.
      const at = run.now();
      const wait = Math.max(sendWaitMs(), ahead * spacing);
      const limit = Math.min(round, Math.floor((run.cutoff - at - wait) / spacing) + 1);
      if (limit < 1) break;
      run.claimed(at);
      const now = options.now ?? new Date();
      const claimed = await claimDue(limit, now, run.untilDeadline() + CLAIM_MS, options.ids);
      ahead += claimed.length;
      const wires = claimed.map((row) => {
        // Resolved once the message is on the wire, or will not be.
        let wired!: () => void;
        const onWire = new Promise<void>((resolve) => (wired = resolve)).then(() => void ahead--);
        const begin = () => {
          const start = run.start();
          if (!start) wired();
          return start;
        };
        const ready = previousOnWire;
        previousOnWire = onWire;
        deliveries.push(
          deliver(row, now, ready, begin, wired).then(
            (result) => {
              if (result === "sent") outcome.sent++;
              else if (result === "retry-at") outcome.retried++;
              else if (result === "give-up") outcome.failed++;
              else run.release(1);
              wired();
            },
            (error: unknown) => {
              failure ??= { error };
              wired();
            },
          ),
        );
        return onWire;
      });
      // At most two rounds wait at once: the next is claimed and rendered while this one goes out, and a
      // claimed message waits in memory for a couple of seconds at most.
      await previousRound;
      previousRound = Promise.all(wires);
      if (claimed.length < limit) {
        stopped = "drained";
        break;
      }
    }
  } finally {
    await Promise.all(deliveries);
  }
  if (failure) throw failure.error;
  return { ...outcome, budget: run.report(stopped) };
}

/** sweepOutboxWithin with a sweep's usual budget (or the one given), returning only its counts. */
export async function sweepOutbox(
  options: { ids?: number[]; now?: Date; batch?: number; budget?: SweepBudget } = {},
): Promise<SweepOutcome> {
  const { sent, retried, failed, unsent } = await sweepOutboxWithin(
    options.budget ?? sweepBudget(SWEEP_BUDGET_MS),
    options,
  );
  return { sent, retried, failed, unsent };
}
