import { nextAttemptAt, oneLineError } from "@/lib/jobs/retry";

describe("the queues' retry rule", () => {
  const now = new Date("2026-01-01T00:00:00Z");

  it("waits the schedule's seconds after each failed attempt, and gives up after the last", () => {
    const schedule = [60, 300];
    expect(nextAttemptAt(1, schedule, now)).toEqual(new Date("2026-01-01T00:01:00Z"));
    expect(nextAttemptAt(2, schedule, now)).toEqual(new Date("2026-01-01T00:05:00Z"));
    expect(nextAttemptAt(3, schedule, now)).toBeNull();
  });

  it("keeps an error to one line of at most 500 characters", () => {
    expect(oneLineError(new Error("connect\n  ECONNREFUSED\t127.0.0.1:25"))).toBe("connect ECONNREFUSED 127.0.0.1:25");
    expect(oneLineError("x".repeat(900))).toHaveLength(500);
  });
});
