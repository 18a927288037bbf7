// Sending at scale, in one process, as on Vercel: an admin invites 10,000 entries through a mail server that
// takes 200 ms to accept each message and refuses past 10 a second (EMAIL_RATE_PER_SECOND=10). Times the
// invitation request, then calls the cron route back to back until nothing is pending, and prints the drain
// time, the invitation request's time and the longest cron call; last, one `BENCH_RESULT {json}` line for
// email-drain.bench.mjs. Every message must arrive exactly once, or it fails.
//   node node_modules/tsx/dist/cli.mjs scripts/bench/email-drain.ts
// runs it alone (a long run: see docs/benchmarks.md), in a fresh schema of BENCH_DATABASE_URL (default
// postgresql://root@127.0.0.1:5432/test) dropped afterwards. BENCH_EMAIL_ENTRIES, BENCH_EMAIL_DELAY_MS and
// BENCH_EMAIL_PER_SECOND change the scenario.
import Module from "node:module";

import { startMailbox } from "@/test/smtp";

// `server-only` throws outside a server bundle, and the react-server condition that would quiet it makes
// react-dom/server (which renders the emails) refuse to load. Stand in for the bundler: the empty module.
const serverOnly = require.resolve("server-only");
require.cache[serverOnly] = Object.assign(new Module(serverOnly), { filename: serverOnly, loaded: true, exports: {} });

const ENTRIES = Number(process.env.BENCH_EMAIL_ENTRIES || 10_000);
const DELAY_MS = Number(process.env.BENCH_EMAIL_DELAY_MS || 200);
const PER_SECOND = Number(process.env.BENCH_EMAIL_PER_SECOND || 10);
const CRON_SECRET = "bench-cron-secret-of-some-length";

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const mailbox = await startMailbox(0, [], { delayMs: DELAY_MS, perSecond: PER_SECOND });
  const schema = `bench_email_${Date.now().toString(36)}`;
  Object.assign(process.env, {
    DATABASE_URL: process.env.BENCH_DATABASE_URL || "postgresql://root@127.0.0.1:5432/test",
    DATABASE_SCHEMA: schema,
    SMTP_URL: mailbox.url,
    EMAIL_FROM: "Otto <hello@otto.example>",
    NEXT_PUBLIC_SITE_URL: "https://otto.example",
    EMAIL_RATE_PER_SECOND: String(PER_SECOND),
    CRON_SECRET,
    // As the production server runs: React's production build renders the emails.
    NODE_ENV: "production",
    AUTH_SECRET: process.env.AUTH_SECRET || "bench-secret-that-is-at-least-32-characters-long",
  });
  // After the environment: these read it.
  const { closeDb, getDb, migrateDatabase, withSql } = await import("@/lib/db");
  const { POST: invite } = await import("@/app/api/admin/waitlist/invitations/route");
  const { GET: cron } = await import("@/app/api/cron/outbox/route");
  const { insertAdmin, startTestSession, testRequest } = await import("@/test/admin");

  try {
    await migrateDatabase();
    await withSql((sql) =>
      sql.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "confirmedAt")
         SELECT 'Person ' || i, 'bench' || i || '@example.com', 'trades', '1', now() - i * interval '1 second', now()
         FROM generate_series(1, $1::int) AS i`,
        [ENTRIES],
      ),
    );
    const { cookie } = await startTestSession(await insertAdmin({ email: "bench@example.com" }));
    console.log(
      `[email-drain] ${ENTRIES} invitations; the mail server takes ${DELAY_MS} ms a message and refuses past ${PER_SECOND} a second`,
    );

    // The invitation request. Outside a request, its after() work starts at once, beside the cron calls below.
    const invitedAt = performance.now();
    const response = await invite(
      testRequest("/api/admin/waitlist/invitations", { body: { filter: { q: "" }, limit: ENTRIES }, cookie }),
      undefined,
    );
    const invitationMs = performance.now() - invitedAt;
    const { invited } = (await response.json()) as { invited: number };
    if (invited !== ENTRIES) throw new Error(`invited ${invited} of ${ENTRIES}`);
    console.log(`  invitation request: ${seconds(invitationMs)}`);

    const pending = () => getDb().emailOutbox.count({ where: { status: "pending" } });
    let calls = 0;
    let longestMs = 0;
    while ((await pending()) > 0) {
      const started = performance.now();
      const answer = await cron(
        new Request("http://localhost/api/cron/outbox", { headers: { authorization: `Bearer ${CRON_SECRET}` } }),
        undefined,
      );
      const body = (await answer.json()) as { email: { sent: number }; more?: string[] };
      const ms = performance.now() - started;
      longestMs = Math.max(longestMs, ms);
      calls++;
      if (body.email.sent > 0)
        console.log(
          `  cron call ${calls}: ${body.email.sent} sent in ${seconds(ms)}${body.more ? ", more to send" : ""}`,
        );
      // A message the server refused is due again later (EMAIL_RETRY_SCHEDULE): wait for it as the next calls would.
      if (!body.more && (await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const drainMs = performance.now() - invitedAt;

    const ids = mailbox.messages.map((mail) => mail.messageId);
    const unique = new Set(ids).size;
    if (ids.length !== ENTRIES || unique !== ENTRIES)
      throw new Error(`${ids.length} messages arrived, ${unique} distinct, for ${ENTRIES} invitations`);
    console.log(
      `  drained in ${seconds(drainMs)} (${(ENTRIES / (drainMs / 1000)).toFixed(2)} messages a second) over ${calls} cron calls; ` +
        `longest call ${seconds(longestMs)}; ${mailbox.refused} refused; every message arrived once`,
    );
    const result = {
      entries: ENTRIES,
      delayMs: DELAY_MS,
      perSecond: PER_SECOND,
      invitationMs,
      drainMs,
      longestCronMs: longestMs,
      cronCalls: calls,
      refused: mailbox.refused,
    };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await mailbox.stop();
    await withSql((sql) => sql.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => undefined);
    await closeDb();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[email-drain] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
