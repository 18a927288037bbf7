import "server-only";

import { pruneAdminSessions } from "@/lib/data/admin-session";
import { pruneAuditLog } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { pruneRateLimits } from "@/lib/rate-limit";

/** What one sweep removed. */
export interface SweepResult {
  sessions: number;
  auditEntries: number;
  rateLimits: number;
}

/**
 * The periodic clean-up: sessions that can no longer be used, audit entries past the retention period
 * (AUDIT_RETENTION_DAYS), and rate-limit windows that have ended. Safe to run from several servers at once.
 */
export async function sweep(now = new Date()): Promise<SweepResult> {
  const [sessions, auditEntries, rateLimits] = await Promise.all([
    pruneAdminSessions(now),
    pruneAuditLog(getDb(), env().AUDIT_RETENTION_DAYS, now),
    pruneRateLimits(now),
  ]);
  return { sessions, auditEntries, rateLimits };
}

/** How often a long-running server (`next start`, `next dev`) sweeps. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Sweeps now and every SWEEP_INTERVAL_MS in this process. On Vercel, where no process stays up, the
 * cron route /api/cron/maintenance does the same job.
 */
export function startSweeping(): void {
  const run = () =>
    sweep().catch((error: unknown) => console.warn("[maintenance] sweep failed:", error instanceof Error ? error.message : error));
  void run();
  setInterval(run, SWEEP_INTERVAL_MS).unref();
}
