// One app instance's email sweeps, for scripts/bench/broadcast-delivery.ts: what a long-running server does
// once started (lib/jobs/maintenance.ts startSweeping's email loop: a budgeted sweep, again at once while one
// stops for its budget, then every EMAIL_SWEEP_SECONDS), in a process of its own, as a second server is. Each
// sweep's time and how it ended go to the parent as one `SWEEP {json}` line; it runs until killed. The
// environment (DATABASE_URL, DATABASE_SCHEMA, SMTP_URL, EMAIL_*) is the parent's.
import Module from "node:module";

// As scripts/bench/email-drain.ts: `server-only` stands in as the bundler would have it, the empty module.
const serverOnly = require.resolve("server-only");
require.cache[serverOnly] = Object.assign(new Module(serverOnly), { filename: serverOnly, loaded: true, exports: {} });

async function main() {
  const { sweepEmailWithin } = await import("@/lib/jobs/email-sweep");
  const { SWEEP_BUDGET_MS, sweepBudget } = await import("@/lib/jobs/sweep-budget");
  const { env } = await import("@/lib/env");
  const pause = env().EMAIL_SWEEP_SECONDS * 1000;
  for (;;) {
    const started = performance.now();
    try {
      const { budget, ...counts } = await sweepEmailWithin(sweepBudget(SWEEP_BUDGET_MS));
      const ms = performance.now() - started;
      console.log(`SWEEP ${JSON.stringify({ ms, budgetMs: SWEEP_BUDGET_MS, stopped: budget.stopped, ...counts })}`);
      if (budget.stopped === "budget") continue;
    } catch (error) {
      console.error(`[sweeper ${process.pid}] sweep failed:`, error instanceof Error ? error.message : error);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

void main();
