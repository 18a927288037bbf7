import "server-only";

import { finishBroadcasts, startDueBroadcasts } from "@/lib/data/broadcasts";
import { sweepOutboxWithin, type OutboxSweep } from "@/lib/email/outbox";
import type { SweepBudget } from "@/lib/jobs/sweep-budget";

/**
 * One email sweep: broadcasts whose time has come are queued first (so their first emails go in this very
 * sweep), then the outbox sends what is due within the budget, then broadcasts with nothing left waiting are
 * marked sent (and the webhooks told). Every step is safe from any number of servers at once.
 */
export async function sweepEmailWithin(budget: SweepBudget): Promise<OutboxSweep> {
  await startDueBroadcasts();
  const swept = await sweepOutboxWithin(budget);
  await finishBroadcasts();
  return swept;
}
