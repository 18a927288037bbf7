import "server-only";

import { Prisma } from "@/lib/generated/prisma/client";
import { nextAttemptAt } from "@/lib/jobs/retry";

// The one durable queue that both outbound messages use (the email outbox and webhook deliveries): a row is
// written in the same transaction as the change that causes it, claimed by whichever server sweeps first,
// sent, and settled with one of the outcomes below. Each table keeps its own columns; this module owns how a
// row is claimed, leased, given back, retried and given up on.

/** A table that holds outbound messages: "status", "attempts", "nextAttemptAt" and "lockedUntil" on each row. */
export interface DurableQueue {
  /** The table, quoted (`Prisma.raw('"email_outbox"')`). */
  readonly table: Prisma.Sql;
  /** The status of a message that reached its receiver ("sent", "delivered"). */
  readonly doneStatus: string;
  /** The column that records when it did. */
  readonly doneAtColumn: Prisma.Sql;
  /** The column that keeps the last failure's reason, for the admin area; null when the table keeps none. */
  readonly errorColumn: Prisma.Sql | null;
}

/**
 * How one claimed message's attempt ended: it reached its receiver ("sent"), failed and waits for another
 * attempt ("retry-at"), failed for the last time the schedule allows ("give-up"), or never started because
 * the sweep's turn for it came too late, so it goes back to the queue as it was ("released").
 */
export type QueueOutcome =
  | { outcome: "sent" }
  | { outcome: "retry-at"; at: Date; error: string }
  | { outcome: "give-up"; error: string }
  | { outcome: "released" };

/** The outcome of a failed attempt number `attempts`: another try by `schedule` (seconds), or giving up. */
export function failedAttempt(
  attempts: number,
  schedule: readonly number[],
  now: Date,
  error: string,
): Extract<QueueOutcome, { error: string }> {
  const at = nextAttemptAt(attempts, schedule, now);
  return at === null ? { outcome: "give-up", error } : { outcome: "retry-at", at, error };
}

/**
 * An UPDATE that claims up to `limit` due messages (optionally only those in `ids`) for `leaseMs` and counts
 * the attempt, returning `returning` of each. `FOR UPDATE SKIP LOCKED` lets several servers sweep at once,
 * each taking different messages; a caller may wrap it in a CTE to join what it needs.
 */
export function claimDueSql(
  queue: DurableQueue,
  options: { now: Date; limit: number; leaseMs: number; ids?: number[] | null; returning: Prisma.Sql },
): Prisma.Sql {
  const { now, limit } = options;
  const until = new Date(now.getTime() + options.leaseMs);
  const onlyIds = options.ids ?? null;
  return Prisma.sql`UPDATE ${queue.table} SET "lockedUntil" = ${until}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM ${queue.table}
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
        AND (${onlyIds}::int[] IS NULL OR "id" = ANY(${onlyIds}::int[]))
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${options.returning}`;
}

/**
 * The UPDATE that records a claimed message's outcome and ends its claim. `also` adds assignments of the
 * table's own (the email outbox blanks its links once sent). "released" gives the message back untouched: due
 * again at once, and the attempt not counted.
 */
export function settleSql(
  queue: DurableQueue,
  id: number,
  result: QueueOutcome,
  now: Date,
  also: Prisma.Sql[] = [],
): Prisma.Sql {
  const error = (value: string | null) => (queue.errorColumn ? [Prisma.sql`${queue.errorColumn} = ${value}`] : []);
  let set: Prisma.Sql[];
  switch (result.outcome) {
    case "sent":
      set = [Prisma.sql`"status" = ${queue.doneStatus}`, Prisma.sql`${queue.doneAtColumn} = ${now}`, ...error(null)];
      break;
    case "retry-at":
      set = [Prisma.sql`"status" = 'pending'`, Prisma.sql`"nextAttemptAt" = ${result.at}`, ...error(result.error)];
      break;
    case "give-up":
      set = [Prisma.sql`"status" = 'failed'`, ...error(result.error)];
      break;
    case "released":
      set = [Prisma.sql`"attempts" = "attempts" - 1`];
      break;
  }
  return Prisma.sql`UPDATE ${queue.table} SET ${Prisma.join([...set, Prisma.sql`"lockedUntil" = NULL`, ...also], ", ")} WHERE "id" = ${id}`;
}
