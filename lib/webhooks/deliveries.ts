import "server-only";

import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { claimDueSql, failedAttempt, settleSql, type DurableQueue } from "@/lib/jobs/durable-queue";
import { oneLineError } from "@/lib/jobs/retry";
import { BudgetRun, SWEEP_BUDGET_MS, sweepBudget, type BudgetReport, type SweepBudget } from "@/lib/jobs/sweep-budget";
import { postWebhook, WEBHOOK_TIMEOUT_MS } from "@/lib/webhooks/send";
import { isSlackUrl, slackMessage } from "@/lib/webhooks/slack";

/** An event as receivers get it (Slack gets a message made from it instead). */
export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  data: {
    entry?: Record<string, unknown> & {
      id: number;
      name?: string;
      email?: string;
      businessType?: string;
      /** "What kind of business?", given with the business type "other"; null otherwise. */
      businessDescription?: string | null;
      employees?: string;
      source?: string;
    };
    message?: string;
    /** The tags a waitlist.tagged event put on the entry, or a waitlist.untagged one took off. */
    tags?: string[];
  };
}

interface ClaimedDelivery {
  id: number;
  attempts: number;
  payload: WebhookEvent;
  url: string;
  secret: string;
}

/**
 * How long a claim on a delivery outlasts the deadline of the sweep that made it: the sweep starts none later
 * than DELIVERY_MS before its deadline, so no other sweep takes a delivery that is still on its way.
 */
const LEASE_MS = 2 * 60 * 1000;
/** Deliveries claimed, and sent side by side, at once. */
const BATCH = 50;
/** The longest one delivery takes once started: the receiver's time to answer, and a little for its address and the record. */
const DELIVERY_MS = WEBHOOK_TIMEOUT_MS + 2_000;

/** Webhook deliveries as a durable queue; their attempts are kept in webhook_attempts instead of a last error. */
const DELIVERIES: DurableQueue = {
  table: Prisma.raw('"webhook_deliveries"'),
  doneStatus: "delivered",
  doneAtColumn: Prisma.raw('"deliveredAt"'),
  errorColumn: null,
};

/** Claims up to BATCH due deliveries (or these ones), with their webhook's URL and secret, for `leaseMs`. */
async function claim(now: Date, onlyIds: number[] | null, leaseMs: number): Promise<ClaimedDelivery[]> {
  return getDb().$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (${claimDueSql(DELIVERIES, { now, limit: BATCH, leaseMs, ids: onlyIds, returning: Prisma.sql`"id", "attempts", "payload", "webhookId"` })})
    SELECT c."id", c."attempts", c."payload", h."url", h."secret" FROM claimed AS c JOIN "webhooks" AS h ON h."id" = c."webhookId"`;
}

/** What a delivery's outcome counts as in a sweep's counts. */
const COUNTED = { sent: "delivered", "retry-at": "retry", "give-up": "failed" } as const;

/** Sends one claimed delivery and records the attempt: delivered on a 2xx, else the next try or failed. */
async function deliver(row: ClaimedDelivery, now: Date): Promise<keyof WebhookCounts> {
  const db = getDb();
  const body = JSON.stringify(isSlackUrl(row.url) ? slackMessage(row.payload) : row.payload);
  const started = performance.now();
  let responseStatus: number | null = null;
  let error: string | null = null;
  try {
    responseStatus = (
      await postWebhook(row.url, row.secret, row.payload.id, body, { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE, now })
    ).status;
    if (responseStatus < 200 || responseStatus > 299) error = `The receiver answered ${responseStatus}.`;
  } catch (failure) {
    error = oneLineError(failure);
  }
  const durationMs = Math.round(performance.now() - started);
  // Once started, a delivery is never given back: the receiver may have had it.
  const result =
    error === null
      ? ({ outcome: "sent" } as const)
      : failedAttempt(row.attempts, env().WEBHOOK_RETRY_SCHEDULE, now, error);
  await db.$transaction([
    db.webhookAttempt.create({ data: { deliveryId: row.id, at: now, responseStatus, error, durationMs } }),
    db.$executeRaw(settleSql(DELIVERIES, row.id, result, now)),
  ]);
  return COUNTED[result.outcome];
}

/** How each delivery of a sweep went. */
export interface WebhookCounts {
  delivered: number;
  retry: number;
  failed: number;
}

/** A budgeted sweep's counts, and how it ended. */
export interface WebhookSweep extends WebhookCounts {
  budget: BudgetReport;
}

/**
 * Sends what is due (or just `ids`) within a time budget, a batch at a time, side by side; a new batch is
 * claimed only while it can finish before the budget's deadline. What is left waits for the next sweep.
 */
export async function sweepWebhooksWithin(
  budget: SweepBudget,
  options: { now?: Date; ids?: number[] } = {},
): Promise<WebhookSweep> {
  const counts: WebhookCounts = { delivered: 0, retry: 0, failed: 0 };
  const run = new BudgetRun(budget, DELIVERY_MS);
  for (;;) {
    const at = run.now();
    if (at > run.cutoff) return { ...counts, budget: run.report("budget") };
    run.claimed(at);
    const now = options.now ?? new Date();
    const rows = await claim(now, options.ids ?? null, run.untilDeadline() + LEASE_MS);
    if (rows.length > 0) run.started(at);
    for (const outcome of await Promise.all(rows.map((row) => deliver(row, now)))) counts[outcome] += 1;
    if (rows.length < BATCH) return { ...counts, budget: run.report("drained") };
  }
}

/** Sends what is due (or just `ids`) within a sweep's usual budget; returns how each went. */
export async function sweepWebhooks(now?: Date, ids?: number[]): Promise<WebhookCounts> {
  const { delivered, retry, failed } = await sweepWebhooksWithin(sweepBudget(SWEEP_BUDGET_MS), { now, ids });
  return { delivered, retry, failed };
}
