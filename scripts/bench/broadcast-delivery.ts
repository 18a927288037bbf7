// A broadcast delivered at scale with two instances sweeping: BENCH_DELIVERY_COUNT (10,000 by default)
// confirmed, tagged entries; a segment of the tag; the broadcast sent through the admin route (its process
// sends the first few at once, as the server that took the request would); then two app instances, each a
// process of its own running a server's email sweeps (scripts/bench/email-sweeper.ts), drain the outbox into
// one mail server that takes BENCH_DELIVERY_DELAY_MS (200) to accept each message and refuses past
// BENCH_DELIVERY_PER_SECOND (10) in any second with a temporary 450, as a provider does. Each instance sends
// at EMAIL_RATE_PER_SECOND = BENCH_DELIVERY_RATE (by default the provider's limit shared between the two, as
// the README says to set it with several servers). It prints the delivered count, duplicates (by Message-ID
// and by recipient, at the mail server), retries, failures, the longest sweep against its budget and the total
// time against the floor (count / provider's rate); last, one `BENCH_RESULT {json}` line for
// broadcast-delivery.bench.mjs. A run of its own, in a fresh schema of BENCH_DATABASE_URL, dropped afterwards:
//   BENCH_DELIVERY_COUNT=300 node node_modules/tsx/dist/cli.mjs scripts/bench/broadcast-delivery.ts
import { spawn, type ChildProcess } from "node:child_process";
import Module from "node:module";

import { startMailbox } from "@/test/smtp";

// `server-only` throws outside a server bundle (see scripts/bench/email-drain.ts): the empty module stands in.
const serverOnly = require.resolve("server-only");
require.cache[serverOnly] = Object.assign(new Module(serverOnly), { filename: serverOnly, loaded: true, exports: {} });

const COUNT = Number(process.env.BENCH_DELIVERY_COUNT || 10_000);
const DELAY_MS = Number(process.env.BENCH_DELIVERY_DELAY_MS || 200);
const PER_SECOND = Number(process.env.BENCH_DELIVERY_PER_SECOND || 10);
const INSTANCES = Number(process.env.BENCH_DELIVERY_INSTANCES || 2);
const RATE = Number(process.env.BENCH_DELIVERY_RATE || Math.max(1, Math.floor(PER_SECOND / INSTANCES)));
const TAG = "delivery bench";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Sweep {
  ms: number;
  budgetMs: number;
  stopped: string;
  sent: number;
  retried: number;
  failed: number;
}

async function main() {
  const mailbox = await startMailbox(0, [], { delayMs: DELAY_MS, perSecond: PER_SECOND });
  const schema = `bench_delivery_${Date.now().toString(36)}`;
  const environment: Record<string, string> = {
    DATABASE_URL: process.env.BENCH_DATABASE_URL || "postgresql://root@127.0.0.1:5432/test",
    DATABASE_SCHEMA: schema,
    DATABASE_POOL_MAX: "5",
    SMTP_URL: mailbox.url,
    EMAIL_FROM: "Otto <hello@otto.example>",
    NEXT_PUBLIC_SITE_URL: "https://otto.example",
    EMAIL_RATE_PER_SECOND: String(RATE),
    // As the production server runs: React's production build renders the emails.
    NODE_ENV: "production",
    AUTH_SECRET: process.env.AUTH_SECRET || "bench-secret-that-is-at-least-32-characters-long",
  };
  Object.assign(process.env, environment);
  // After the environment: these read it.
  const { closeDb, getDb, migrateDatabase, withSql } = await import("@/lib/db");
  const { POST: saveSegment } = await import("@/app/api/admin/segments/route");
  const { POST: sendBroadcast } = await import("@/app/api/admin/broadcasts/route");
  const { insertAdmin, startTestSession, testRequest } = await import("@/test/admin");

  const sweepers: ChildProcess[] = [];
  const sweeps: Sweep[] = [];
  try {
    await migrateDatabase();
    await withSql((sql) =>
      sql.query(
        `WITH people AS (
           INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt")
           SELECT 'Person ' || i, 'person' || i || '@example.com', 'cleaning', '1', now() - i * interval '1 second', now()
           FROM generate_series(1, $1::int) AS i RETURNING "id")
         INSERT INTO "waitlist_tags" ("entryId", "tag") SELECT "id", $2 FROM people`,
        [COUNT, TAG],
      ),
    );
    const { cookie } = await startTestSession(await insertAdmin({ email: "bench@example.com" }));
    const saved = await saveSegment(
      testRequest("/api/admin/segments", { body: { name: "Delivery bench", filter: { q: "", tags: TAG } }, cookie }),
      undefined,
    );
    const { id: segmentId } = (await saved.json()) as { id: number };
    console.log(
      `[broadcast-delivery] ${COUNT} emails; the mail server takes ${DELAY_MS} ms a message and refuses past ` +
        `${PER_SECOND} a second; ${INSTANCES} instances sweeping at ${RATE} a second each`,
    );

    const started = performance.now();
    // Outside a request, the route's after() work (the first few emails) starts at once, in this process.
    const response = await sendBroadcast(
      testRequest("/api/admin/broadcasts", {
        body: { subject: "Otto opens in London", body: "We open next month.\n\nReply to be first.", segmentId },
        cookie,
      }),
      undefined,
    );
    if (response.status !== 201) throw new Error(`the broadcast answered ${response.status}`);
    const { id: broadcastId } = (await response.json()) as { id: number };
    const queuedMs = performance.now() - started;
    console.log(`  queued in ${seconds(queuedMs)}`);

    for (let index = 0; index < INSTANCES; index++) {
      const child = spawn("node", ["node_modules/tsx/dist/cli.mjs", "scripts/bench/email-sweeper.ts"], {
        stdio: ["ignore", "pipe", "inherit"],
        env: process.env,
      });
      let rest = "";
      child.stdout!.setEncoding("utf8");
      child.stdout!.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          if (line.startsWith("SWEEP ")) sweeps.push(JSON.parse(line.slice("SWEEP ".length)) as Sweep);
          else if (line) console.log(`  [instance ${index + 1}] ${line}`);
        }
      });
      sweepers.push(child);
    }

    // Done when the sweeps have marked the broadcast sent: none of its emails waits any more.
    const limitMs =
      Number(process.env.BENCH_DELIVERY_LIMIT_S || 0) * 1000 || ((COUNT * 3) / PER_SECOND) * 1000 + 3_600_000;
    let lastLog = performance.now();
    for (;;) {
      const broadcast = await getDb().broadcast.findUniqueOrThrow({
        where: { id: broadcastId },
        select: { status: true },
      });
      if (broadcast.status === "sent") break;
      if (performance.now() - started > limitMs) throw new Error(`not delivered after ${seconds(limitMs)}`);
      if (performance.now() - lastLog > 60_000) {
        lastLog = performance.now();
        console.log(
          `  ${seconds(lastLog - started)}: ${mailbox.messages.length} arrived, ${mailbox.refused} refused, ${sweeps.length} sweeps`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const totalMs = performance.now() - started;

    const ids = mailbox.messages.map((mail) => mail.messageId);
    const recipients = mailbox.messages.map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text);
    const [outcome] = await getDb().$queryRawUnsafe<
      { sent: number; failed: number; retries: number; retried: number }[]
    >(
      `SELECT count(*) FILTER (WHERE "status" = 'sent')::int AS "sent", count(*) FILTER (WHERE "status" = 'failed')::int AS "failed",
                  COALESCE(sum("attempts" - 1) FILTER (WHERE "attempts" > 1), 0)::int AS "retries",
                  count(*) FILTER (WHERE "attempts" > 1)::int AS "retried"
           FROM "email_outbox" WHERE "broadcastId" = $1`,
      broadcastId,
    );
    if (!outcome) throw new Error("the outbox could not be counted");
    const longest = sweeps.reduce((most, sweep) => Math.max(most, sweep.ms), 0);
    const result = {
      count: COUNT,
      delayMs: DELAY_MS,
      perSecond: PER_SECOND,
      instances: INSTANCES,
      rate: RATE,
      queuedMs,
      totalMs,
      floorMs: (COUNT / PER_SECOND) * 1000,
      arrived: ids.length,
      duplicateMessageIds: ids.length - new Set(ids).size,
      duplicateRecipients: recipients.length - new Set(recipients).size,
      sentInOutbox: outcome.sent,
      failed: outcome.failed,
      retries: outcome.retries,
      retriedMessages: outcome.retried,
      refused: mailbox.refused,
      sweeps: sweeps.length,
      longestSweepMs: longest,
      sweepBudgetMs: sweeps[0]?.budgetMs ?? null,
      sweepsOverBudget: sweeps.filter((sweep) => sweep.ms > sweep.budgetMs).length,
    };
    console.log(
      `  ${result.arrived} arrived in ${seconds(totalMs)} (floor ${seconds(result.floorMs)}); ` +
        `${result.duplicateMessageIds} duplicate Message-IDs, ${result.duplicateRecipients} duplicate recipients; ` +
        `${result.refused} refused, ${result.retries} retries, ${result.failed} failed; longest sweep ${seconds(longest)}`,
    );
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    for (const child of sweepers) child.kill();
    await mailbox.stop();
    await withSql((sql) => sql.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => undefined);
    await closeDb();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[broadcast-delivery] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
