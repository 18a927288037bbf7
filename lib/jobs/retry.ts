// The retry rule of the durable queues (the email outbox and webhook deliveries): each failed attempt waits
// the next number of seconds in its schedule (EMAIL_RETRY_SCHEDULE, WEBHOOK_RETRY_SCHEDULE); once the
// schedule is used up, the item is marked failed.

/**
 * When to try again after attempt number `attempts` (counting from 1) has failed, or null when that was the
 * last one the schedule allows.
 */
export function nextAttemptAt(attempts: number, schedule: readonly number[], now: Date): Date | null {
  const wait = schedule[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000);
}

/** An error as one line of at most 500 characters, as an attempt's record and the log keep it. */
export function oneLineError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 500);
}
