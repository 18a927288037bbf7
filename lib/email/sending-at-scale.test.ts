import http from "node:http";
import type { AddressInfo } from "node:net";

import { POST as inviteRoute } from "@/app/api/admin/waitlist/invitations/route";
import { maxDuration } from "@/app/api/cron/outbox/route";
import { getDb, withSql } from "@/lib/db";
import { CLAIM_MS, sweepOutboxWithin } from "@/lib/email/outbox";
import { SEND_TIMEOUT_MS } from "@/lib/email/transport";
import { SEND_SOON_LIMIT } from "@/lib/jobs/send-soon";
import { budgetForDuration, sweepBudget, type BudgetReport } from "@/lib/jobs/sweep-budget";
import { sweepWebhooksWithin } from "@/lib/webhooks/deliveries";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";
import { mailboxForEachTest } from "@/test/smtp";

// after() would run its task once the response has gone; here the test runs it, and waits for it.
const mockAfterTasks: (() => unknown)[] = [];
jest.mock("next/server", () => ({
  ...jest.requireActual("next/server"),
  after: (task: () => unknown) => void mockAfterTasks.push(task),
}));

prepareTestDatabase();

// The scenario: ENTRIES invitations through a mail server that takes DELAY_MS to accept each message and
// refuses (450) past PER_SECOND in any second, with EMAIL_RATE_PER_SECOND set to that limit. By default a
// scaled version that drains in seconds, the sweeps' clock running CLOCK_SPEED times fast so that each
// cron-sized budget covers a short stretch of real time. EMAIL_SCALE_LITERAL=1 runs it in full: 10,000
// invitations, 200 ms a message, 10 a second, at real speed (a long run: see docs/benchmarks.md). Each setting can also be
// given on its own (EMAIL_SCALE_ENTRIES, EMAIL_SCALE_DELAY_MS, EMAIL_SCALE_PER_SECOND, EMAIL_SCALE_CLOCK_SPEED).
const literal = process.env.EMAIL_SCALE_LITERAL === "1";
const setting = (name: string, scaled: number, full: number) => Number(process.env[name] || (literal ? full : scaled));
const ENTRIES = setting("EMAIL_SCALE_ENTRIES", 200, 10_000);
const DELAY_MS = setting("EMAIL_SCALE_DELAY_MS", 50, 200);
const PER_SECOND = setting("EMAIL_SCALE_PER_SECOND", 20, 10);
const CLOCK_SPEED = setting("EMAIL_SCALE_CLOCK_SPEED", 10, 1);
// What draining should take at the rate, with room for a slow machine: a time limit, not a figure under test.
const DRAIN_LIMIT_MS = 60_000 + ((ENTRIES * 1050) / PER_SECOND) * 3;

const SITE = "https://otto.example";
const mailbox = mailboxForEachTest(
  (started) => ({
    SMTP_URL: started.url,
    EMAIL_FROM: "Otto <hello@otto.example>",
    NEXT_PUBLIC_SITE_URL: SITE,
    EMAIL_RATE_PER_SECOND: String(PER_SECOND),
    // A message the server refused is due again a second later, so the drain below can finish.
    EMAIL_RETRY_SCHEDULE: "1,1,1,1,1",
  }),
  { delayMs: DELAY_MS, perSecond: PER_SECOND },
);

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  mockAfterTasks.length = 0;
  cookie = (await startTestSession(await insertAdmin({ email: "ada@example.com" }))).cookie;
});

/** `count` confirmed entries, waiting, joined a second apart. */
async function seed(count: number) {
  await withSql((sql) =>
    sql.query(
      `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt")
       SELECT 'Person ' || i, 'p' || i || '@example.com', 'trades', '1', timestamptz '2025-01-01 00:00:00+00' + i * interval '1 second', now()
       FROM generate_series(1, $1::int) AS i`,
      [count],
    ),
  );
}

/** Invites the next `limit` entries as the admin's dialog does; the response's after() work is queued, not run. */
async function invite(limit: number) {
  const response = await inviteRoute(
    testRequest("/api/admin/waitlist/invitations", { body: { filter: { q: "" }, limit }, cookie }),
    undefined,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { invited: number };
}

const outbox = () =>
  getDb().emailOutbox.findMany({
    orderBy: { id: "asc" },
    select: { id: true, status: true, attempts: true, messageId: true, lockedUntil: true },
  });
const pending = () => getDb().emailOutbox.count({ where: { status: "pending" } });

/** A clock that runs `speed` times faster than real time. */
function fastClock(speed: number): () => number {
  const start = performance.now();
  return () => start + (performance.now() - start) * speed;
}

/** A clock that reads `at.now` until the test moves it. */
function manualClock() {
  const at = { now: 0 };
  return { at, clock: () => at.now };
}

/** Polls until `check` holds (up to 10 s). */
async function until(check: () => Promise<boolean>) {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > 10_000) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe(`sending at scale (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"}; ${ENTRIES} invitations, ${DELAY_MS} ms a message, ${PER_SECOND} a second)`, () => {
  it(
    "sends the first few after the invitation's response and the rest through budgeted cron sweeps: each message exactly once, none left",
    async () => {
      await seed(ENTRIES);
      expect(await invite(ENTRIES)).toEqual({ invited: ENTRIES });
      expect(mockAfterTasks).toHaveLength(1);

      // After the response: only the first few are sent (bar a refusal, retried later); the rest wait, unclaimed, for the sweep.
      await mockAfterTasks[0]!();
      const afterResponse = await outbox();
      expect(afterResponse).toHaveLength(ENTRIES);
      const firstFew = afterResponse.slice(0, SEND_SOON_LIMIT);
      expect(firstFew.every((row) => row.attempts === 1)).toBe(true);
      expect(firstFew.filter((row) => row.status === "sent")).toHaveLength(SEND_SOON_LIMIT - mailbox.refused);
      expect(
        afterResponse
          .slice(SEND_SOON_LIMIT)
          .every((row) => row.status === "pending" && row.attempts === 0 && row.lockedUntil === null),
      ).toBe(true);
      expect(mailbox.messages).toHaveLength(SEND_SOON_LIMIT - mailbox.refused);

      // Then the cron route's sweep, call after call, each with the budget its maxDuration gives it.
      const budgetMs = budgetForDuration(maxDuration);
      expect(budgetMs).toBeLessThan(maxDuration * 1000);
      const reports: BudgetReport[] = [];
      const started = Date.now();
      for (;;) {
        if (Date.now() - started > DRAIN_LIMIT_MS)
          throw new Error(`${await pending()} messages still pending after ${reports.length} sweeps`);
        const sweep = await sweepOutboxWithin(sweepBudget(budgetMs, fastClock(CLOCK_SPEED)));
        reports.push(sweep.budget);
        if (sweep.budget.stopped === "drained") {
          if ((await pending()) === 0) break;
          // A refused message is due again a second later: a later call sends it.
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }

      // Sent at the server's limit: paced for the whole process, messages reach the server evenly spaced, a
      // little under the limit. The server counts in a thread of its own; on a busy machine it can be held up
      // long enough to see two arrivals closer than they left, so a rare refusal (retried) is allowed for.
      expect(mailbox.refused).toBeLessThanOrEqual(Math.ceil(ENTRIES / 200));
      // Every sweep stopped claiming and starting messages at its cutoff, a whole send's time before its deadline.
      for (const report of reports) {
        expect(report.cutoff).toBe(report.deadline - SEND_TIMEOUT_MS);
        expect(report.lastClaimAt ?? -Infinity).toBeLessThanOrEqual(report.cutoff);
        expect(report.lastStartAt ?? -Infinity).toBeLessThanOrEqual(report.cutoff);
      }
      // The queue took more than one budget: each sweep stopped for its budget, leaving work to the next, until
      // one found nothing more due.
      const firstDrained = reports.findIndex((report) => report.stopped === "drained");
      expect(firstDrained).toBeGreaterThan(0);
      expect(reports.slice(0, firstDrained).every((report) => report.stopped === "budget")).toBe(true);

      const rows = await outbox();
      expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
      const arrived = mailbox.messages.map((mail) => mail.messageId);
      expect(arrived).toHaveLength(ENTRIES);
      expect(new Set(arrived).size).toBe(ENTRIES);
      expect([...arrived].sort()).toEqual(rows.map((row) => row.messageId).sort());
      // Each message took one attempt, and one more for each refusal: a message given back unsent counts none.
      expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(ENTRIES + mailbox.refused);
    },
    DRAIN_LIMIT_MS + 120_000,
  );

  it("claims nothing once its budget cannot fit a message's send", async () => {
    await seed(3);
    await invite(3);
    const { clock } = manualClock();
    const sweep = await sweepOutboxWithin(sweepBudget(SEND_TIMEOUT_MS - 1, clock));
    expect(sweep).toMatchObject({
      sent: 0,
      retried: 0,
      failed: 0,
      budget: { stopped: "budget", lastClaimAt: null, lastStartAt: null, released: 0 },
    });
    expect(
      (await outbox()).every((row) => row.status === "pending" && row.attempts === 0 && row.lockedUntil === null),
    ).toBe(true);
  });

  it("holds each claim past the sweep's deadline, and gives back unsent a message whose turn comes after the cutoff", async () => {
    process.env.EMAIL_RATE_PER_SECOND = "1";
    await seed(2);
    await invite(2);
    const { at, clock } = manualClock();
    const now = new Date(Date.now() + 1000);
    const budget = sweepBudget(SEND_TIMEOUT_MS + 10_000, clock);
    const sweeping = sweepOutboxWithin(budget, { now });
    // At one message a second, the second is claimed once the first has gone, and its turn is a second away:
    // the clock passes the cutoff before then.
    await until(async () => (await outbox()).every((row) => row.attempts === 1));
    // The second one's claim lasts the whole budget and CLAIM_MS past it.
    const held = (await outbox()).filter((row) => row.lockedUntil !== null);
    expect(held.length).toBeGreaterThan(0);
    for (const row of held)
      expect(row.lockedUntil!.getTime()).toBe(now.getTime() + (budget.deadline - at.now) + CLAIM_MS);
    at.now = budget.deadline;
    const sweep = await sweeping;
    expect(sweep).toMatchObject({
      sent: 1,
      budget: { stopped: "budget", released: 1, lastClaimAt: 0, lastStartAt: 0 },
    });
    const [first, second] = await outbox();
    expect(first).toMatchObject({ status: "sent", attempts: 1 });
    // Given back as it was: due at once, and the attempt not counted.
    expect(second).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    expect(mailbox.messages.map((mail) => mail.messageId)).toEqual([first!.messageId]);
  });

  it("stops a webhook sweep in time too: no batch claimed after its cutoff, the rest left due", async () => {
    const { at, clock } = manualClock();
    const received: string[] = [];
    const server = http.createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        received.push(String(request.headers["webhook-id"]));
        // The budget runs out while the first batch is being delivered.
        at.now = Number.MAX_SAFE_INTEGER;
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
    try {
      const { port } = server.address() as AddressInfo;
      await getDb().webhook.create({
        data: { url: `http://127.0.0.1:${port}/hooks`, secret: `whsec_${Buffer.alloc(24).toString("base64")}` },
      });
      await seed(70);
      const deliveries = () => getDb().webhookDelivery.findMany({ select: { status: true, attempts: true } });
      expect(await deliveries()).toHaveLength(70);

      expect((await sweepWebhooksWithin(sweepBudget(1_000, clock))).budget).toMatchObject({
        stopped: "budget",
        lastClaimAt: null,
      });
      expect(received).toEqual([]);

      const sweep = await sweepWebhooksWithin(sweepBudget(60_000, clock));
      expect(sweep).toMatchObject({
        delivered: 50,
        retry: 0,
        failed: 0,
        budget: { stopped: "budget", lastClaimAt: 0 },
      });
      const rows = await deliveries();
      expect(rows.filter((row) => row.status === "delivered")).toHaveLength(50);
      expect(rows.filter((row) => row.status === "pending" && row.attempts === 0)).toHaveLength(20);

      at.now = 0;
      const next = await sweepWebhooksWithin(sweepBudget(60_000, () => 0));
      expect(next).toMatchObject({ delivered: 20, budget: { stopped: "drained" } });
      expect(new Set(received).size).toBe(70);
    } finally {
      delete process.env.WEBHOOKS_ALLOW_PRIVATE;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
