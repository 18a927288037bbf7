import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { claimDueSql, failedAttempt, settleSql, type DurableQueue } from "@/lib/jobs/durable-queue";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

beforeEach(async () => {
  await resetDatabase();
});

const OUTBOX: DurableQueue = {
  table: Prisma.raw('"email_outbox"'),
  doneStatus: "sent",
  doneAtColumn: Prisma.raw('"sentAt"'),
  errorColumn: Prisma.raw('"lastError"'),
};
const NOW = new Date("2026-03-01T12:00:00Z");

async function queued(count: number): Promise<number[]> {
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    INSERT INTO "email_outbox" ("kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt")
    SELECT 'digest', 'admin' || n || '@example.com', 'Subject', '{}'::jsonb, '<' || n || '@otto.example>', ${NOW}, ${NOW}
    FROM generate_series(1, ${count}::int) AS n
    RETURNING "id"`;
  return rows.map((row) => row.id);
}

const claim = (options: { limit?: number; ids?: number[]; now?: Date } = {}) =>
  getDb().$queryRaw<{ id: number; attempts: number }[]>(
    claimDueSql(OUTBOX, {
      now: options.now ?? NOW,
      limit: options.limit ?? 10,
      leaseMs: 60_000,
      ids: options.ids,
      returning: Prisma.sql`"id", "attempts"`,
    }),
  );
const row = (id: number) => getDb().emailOutbox.findUniqueOrThrow({ where: { id } });

describe(`the durable queue (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("claims due messages in turn, once each while the lease lasts, counting the attempt", async () => {
    const [first, second, third] = await queued(3);
    expect(await claim({ limit: 2 })).toEqual([
      { id: first, attempts: 1 },
      { id: second, attempts: 1 },
    ]);
    expect(await claim()).toEqual([{ id: third, attempts: 1 }]);
    expect(await claim()).toEqual([]);
    // Once the lease has run out, a message no sweep settled is due again.
    expect((await claim({ now: new Date(NOW.getTime() + 60_000) })).map((claimed) => claimed.id)).toEqual([
      first,
      second,
      third,
    ]);
  });

  it("claims only the messages asked for", async () => {
    const [, second] = await queued(3);
    expect(await claim({ ids: [second!] })).toEqual([{ id: second, attempts: 1 }]);
  });

  it("settles each outcome: sent, retry-at, give-up, and released (given back, the attempt not counted)", async () => {
    const [sent, retry, failed, released] = await queued(4);
    await claim();
    const later = new Date(NOW.getTime() + 60_000);
    await getDb().$executeRaw(settleSql(OUTBOX, sent!, { outcome: "sent" }, NOW, [Prisma.sql`"subject" = 'Sent'`]));
    await getDb().$executeRaw(settleSql(OUTBOX, retry!, { outcome: "retry-at", at: later, error: "busy" }, NOW));
    await getDb().$executeRaw(settleSql(OUTBOX, failed!, { outcome: "give-up", error: "refused" }, NOW));
    await getDb().$executeRaw(settleSql(OUTBOX, released!, { outcome: "released" }, NOW));

    expect(await row(sent!)).toMatchObject({
      status: "sent",
      sentAt: NOW,
      lockedUntil: null,
      lastError: null,
      subject: "Sent",
      attempts: 1,
    });
    expect(await row(retry!)).toMatchObject({
      status: "pending",
      nextAttemptAt: later,
      lockedUntil: null,
      lastError: "busy",
      attempts: 1,
    });
    expect(await row(failed!)).toMatchObject({
      status: "failed",
      lockedUntil: null,
      lastError: "refused",
      attempts: 1,
    });
    expect(await row(released!)).toMatchObject({
      status: "pending",
      nextAttemptAt: NOW,
      lockedUntil: null,
      attempts: 0,
    });
    expect(await claim()).toEqual([{ id: released, attempts: 1 }]);
  });

  it("retries by the schedule, then gives up", () => {
    expect(failedAttempt(1, [60, 300], NOW, "busy")).toEqual({
      outcome: "retry-at",
      at: new Date(NOW.getTime() + 60_000),
      error: "busy",
    });
    expect(failedAttempt(2, [60, 300], NOW, "busy")).toEqual({
      outcome: "retry-at",
      at: new Date(NOW.getTime() + 300_000),
      error: "busy",
    });
    expect(failedAttempt(3, [60, 300], NOW, "busy")).toEqual({ outcome: "give-up", error: "busy" });
  });
});
