// Time budgets for the sweeps that send what the durable queues hold (the email outbox, webhook deliveries).
// A platform such as Vercel ends an invocation at its time limit; a message the mail server had accepted but
// the outbox had not yet marked sent would then go out again once its claim ran out. So a sweep takes new work
// only while that work can still finish before its deadline, and leaves the rest to the next sweep.

/** A sweep's time budget: a deadline in milliseconds on `clock`. */
export interface SweepBudget {
  readonly deadline: number;
  readonly clock: () => number;
}

/** Room between a sweep's deadline and its function's time limit: for answering, and the cold start before it. */
export const DURATION_HEADROOM_MS = 5_000;

/** The budget of a sweep run by a function allowed `maxDurationSeconds` (a route's `maxDuration`). */
export function budgetForDuration(maxDurationSeconds: number): number {
  return maxDurationSeconds * 1000 - DURATION_HEADROOM_MS;
}

/**
 * The budget of a sweep run elsewhere (a long-running server's, a script's): the cron route's, whose
 * `maxDuration` is 60 s, so each takes work of the same size and holds its claims as briefly.
 */
export const SWEEP_BUDGET_MS = budgetForDuration(60);

/** A budget of `ms` from now. Tests pass their own `clock` (the default is the monotonic one). */
export function sweepBudget(ms: number, clock: () => number = () => performance.now()): SweepBudget {
  return { deadline: clock() + ms, clock };
}

/** How a budgeted sweep ended; times are on its budget's clock. */
export interface BudgetReport {
  /** "drained": nothing due was left; "budget": it stopped taking work to finish by its deadline, and more may be due. */
  stopped: "drained" | "budget";
  deadline: number;
  /** The latest moment it would start an item: the deadline less the longest one item takes to finish. */
  cutoff: number;
  /** When it last claimed work, and last started an item; null if it never did. */
  lastClaimAt: number | null;
  lastStartAt: number | null;
  /** Items it claimed and gave back untouched, because their turn came after the cutoff. */
  released: number;
}

/** The bookkeeping of one budgeted sweep, whose items each take at most `itemMs` once started. */
export class BudgetRun {
  readonly cutoff: number;
  private lastClaimAt: number | null = null;
  private lastStartAt: number | null = null;
  private released = 0;

  constructor(
    readonly budget: SweepBudget,
    itemMs: number,
  ) {
    this.cutoff = budget.deadline - itemMs;
  }

  /** The time on the budget's clock. */
  now(): number {
    return this.budget.clock();
  }

  /** Milliseconds left before the deadline: what a claim's lease must cover, at least. */
  untilDeadline(): number {
    return this.budget.deadline - this.now();
  }

  /** Records a claim made at `at`. */
  claimed(at: number): void {
    this.lastClaimAt = at;
  }

  /** Records an item started at `at`. */
  started(at: number): void {
    this.lastStartAt = at;
  }

  /** True, and recorded, when an item may start now; false once the cutoff has passed. */
  start(): boolean {
    const at = this.now();
    if (at > this.cutoff) return false;
    this.started(at);
    return true;
  }

  /** Records items given back unsent. */
  release(count: number): void {
    this.released += count;
  }

  /** The report of a sweep that ended as `stopped` says; one that gave work back stopped for its budget. */
  report(stopped: BudgetReport["stopped"]): BudgetReport {
    return {
      stopped: this.released > 0 ? "budget" : stopped,
      deadline: this.budget.deadline,
      cutoff: this.cutoff,
      lastClaimAt: this.lastClaimAt,
      lastStartAt: this.lastStartAt,
      released: this.released,
    };
  }
}
