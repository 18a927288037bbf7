import "server-only";

import { pruneChallengeSolutions } from "@/lib/challenge/altcha";
import { pruneAuditLog } from "@/lib/data/audit";
import { queueErrorAlerts } from "@/lib/data/error-alerts";
import { queueDigests } from "@/lib/data/notifications";
import { pruneAdminSessions } from "@/lib/data/sessions";
import { queueHeldSummaries } from "@/lib/data/waitlist/held-summaries";
import { forgetSignupNetworks } from "@/lib/data/waitlist/line";
import { queueMovedUpEmails } from "@/lib/data/waitlist/moved-up";
import { queueConfirmationReminders } from "@/lib/data/waitlist/reminders";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { sweepEmailWithin } from "@/lib/jobs/email-sweep";
import { SWEEP_BUDGET_MS, sweepBudget, type BudgetReport, type SweepBudget } from "@/lib/jobs/sweep-budget";
import { pruneRateLimits } from "@/lib/rate-limit";
import { pruneVisits } from "@/lib/visits/count";
import { sweepWebhooksWithin } from "@/lib/webhooks/deliveries";

/** What one sweep removed. */
export interface SweepResult {
  sessions: number;
  auditEntries: number;
  rateLimits: number;
  /** Daily digests queued for admins (sent by the email sweep). */
  digests: number;
  /** Reminders to confirm queued, one per entry ever (sent by the email sweep). */
  reminders: number;
  /** "N signups held for review" emails queued, at most one per admin an hour (sent by the email sweep). */
  heldSummaries: number;
  /** "You moved up" emails queued, at most one a day per person, only while the owner has them on. */
  movedUp: number;
  /** Visitor salts and hashes of days that are over (only the day's counts are kept). */
  visits: number;
  /** Signup networks forgotten once the referral rule that compares them no longer can. */
  networks: number;
  /** Accepted signup challenges past their expiry, which no longer need remembering to be refused. */
  challengeSolutions: number;
  /** "A new error on the site" emails queued to the full admins, at most one a cause an hour. */
  errorAlerts: number;
}

/**
 * The periodic clean-up: sessions that can no longer be used, audit entries past the retention period
 * (AUDIT_RETENTION_DAYS), rate-limit windows that have ended, and the salts and visitor hashes of days that
 * are over (lib/visits/count.ts), signup networks past the referral rule's window, accepted signup challenges
 * past their expiry; and the admins' daily
 * digests, the reminders to confirm, the hourly word of held signups and of new errors, and the "You moved up"
 * emails, once due.
 * Safe to run from several servers at once.
 * (Sent email stays: the admin outbox is its record, and erasing an entry deletes its mail.)
 */
export async function sweep(now = new Date()): Promise<SweepResult> {
  const [
    sessions,
    auditEntries,
    rateLimits,
    digests,
    reminders,
    heldSummaries,
    movedUp,
    visits,
    networks,
    challengeSolutions,
    errorAlerts,
  ] = await Promise.all([
    pruneAdminSessions(now),
    pruneAuditLog(getDb(), env().AUDIT_RETENTION_DAYS, now),
    pruneRateLimits(now),
    queueDigests(now),
    queueConfirmationReminders(now).then((ids) => ids.length),
    queueHeldSummaries(now).then((ids) => ids.length),
    queueMovedUpEmails(now).then((ids) => ids.length),
    pruneVisits(now),
    forgetSignupNetworks(now),
    pruneChallengeSolutions(now),
    queueErrorAlerts(now).then((ids) => ids.length),
  ]);
  // For /admin/health: the sweep still runs, whoever calls it.
  await getDb().$executeRaw`
    INSERT INTO "job_runs" ("name", "lastRunAt") VALUES ('maintenance', ${now})
    ON CONFLICT ("name") DO UPDATE SET "lastRunAt" = greatest("job_runs"."lastRunAt", excluded."lastRunAt")`;
  return {
    sessions,
    auditEntries,
    rateLimits,
    digests,
    reminders,
    heldSummaries,
    movedUp,
    visits,
    networks,
    challengeSolutions,
    errorAlerts,
  };
}

/** How often a long-running server (`next start`, `next dev`) sweeps. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Runs `task` now and every `intervalMs`, never two at once; failures are logged, and the next run tries again. */
function every(intervalMs: number, name: string, task: () => Promise<unknown>): void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      console.warn(`[${name}] sweep failed:`, error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  void run();
  setInterval(run, intervalMs).unref();
}

/**
 * Runs budgeted sweeps back to back while each stops for its budget (work is left), and returns once one
 * finds nothing more due. Each sweep is the cron route's, with the same budget: claims stay as short, and
 * the send rate is the process's either way.
 */
async function drain(sweepWithin: (budget: SweepBudget) => Promise<{ budget: BudgetReport }>): Promise<void> {
  for (;;) {
    const { budget } = await sweepWithin(sweepBudget(SWEEP_BUDGET_MS));
    if (budget.stopped !== "budget") return;
  }
}

/**
 * In a long-running server: sends due email and webhook events every EMAIL_SWEEP_SECONDS (draining a long
 * queue without a pause, one budgeted sweep after another) and cleans up every SWEEP_INTERVAL_MS. On Vercel,
 * where no process stays up, the cron route /api/cron/outbox does both.
 */
export function startSweeping(): void {
  every(env().EMAIL_SWEEP_SECONDS * 1000, "email", () => drain((budget) => sweepEmailWithin(budget)));
  every(env().EMAIL_SWEEP_SECONDS * 1000, "webhooks", () => drain((budget) => sweepWebhooksWithin(budget)));
  every(SWEEP_INTERVAL_MS, "maintenance", () => sweep());
}
