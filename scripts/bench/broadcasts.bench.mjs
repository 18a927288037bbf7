// A broadcast to 10,000 people, queued through the production server while visitors sign up: the list at
// BENCH_BROADCAST_ROWS entries (a million by default), of which 10,000 confirmed cleaners carry the tag the
// segment names (beside unconfirmed and held cleaners and confirmed tutors with the same tag, whom the audience
// leaves out). The signup p95 is measured idle, then while POST /api/admin/broadcasts queues the broadcast
// (each of BENCH_BROADCAST_RUNS broadcasts a new one to the same segment). Targets: queued in under 2 s; the
// signup p95 during it at most twice its idle value.
import { signInAsBenchAdmin } from "./admin-session.mjs";
import { solvedProofs } from "./proofs.mjs";

const ROWS = Number(process.env.BENCH_BROADCAST_ROWS ?? 1_000_000);
const AUDIENCE = Number(process.env.BENCH_BROADCAST_AUDIENCE ?? 10_000);
const RUNS = Number(process.env.BENCH_BROADCAST_RUNS ?? 3);
const IDLE_SIGNUPS = Number(process.env.BENCH_BROADCAST_IDLE_SIGNUPS ?? 400);
// Signups in flight at once: a busy launch's steady stream, not a load test (the waitlist bench is that).
const CONCURRENCY = Number(process.env.BENCH_BROADCAST_CONCURRENCY ?? 4);
const TAG = "broadcast-bench";

const BASE_SQL = `
INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmedAt")
SELECT 'Broadcast Base ' || i, 'broadcast.base.' || i || '@example.com',
       (ARRAY['trades','cleaning','beauty','car','handyman','therapy','tutoring','other'])[1 + (i * 7) % 8],
       (ARRAY['1','2-5','6-10','11+'])[1 + (i / 8) % 4],
       now() - ($1::int - i) * interval '29 seconds', now() - ($1::int - i) * interval '29 seconds',
       CASE WHEN i % 10 < 7 THEN now() - ($1::int - i) * interval '29 seconds' + interval '20 minutes' END
FROM generate_series(1, $1::int) AS i`;

// The tagged people: the audience (confirmed cleaners), and those the same tag reaches whom the broadcast must
// not: a tenth as many unconfirmed cleaners, a hundredth held, and a tenth confirmed tutors (another type).
const TAGGED_SQL = `
WITH people AS (
  INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmedAt", "heldAt")
  SELECT 'Broadcast Person ' || i, 'broadcast.person.' || i || '@example.com',
         CASE WHEN i > $1::int + $1::int / 5 THEN 'tutoring' ELSE 'cleaning' END, '2-5',
         now() - i * interval '7 seconds', now() - i * interval '7 seconds',
         CASE WHEN i <= $1::int OR i > $1::int + $1::int / 5 THEN now() - i * interval '7 seconds' END,
         CASE WHEN i > $1::int + $1::int / 10 AND i <= $1::int + $1::int / 10 + $1::int / 100 THEN now() END
  FROM generate_series(1, $1::int + $1::int / 5 + $1::int / 10) AS i
  RETURNING "id"
)
INSERT INTO "waitlist_tags" ("entryId", "tag") SELECT "id", '${TAG}' FROM people`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

let clients = 0;
/** One signup as the form sends it (a valid proof of work each), from a client of its own. */
function signup(baseUrl, proofs, tag) {
  const index = ++clients;
  return fetch(`${baseUrl}/api/waitlist`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    },
    body: JSON.stringify({
      name: `Broadcast Signup ${index}`,
      email: `${tag}-${index}-${Date.now()}@bench.example`,
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
      altcha: proofs.pop(),
    }),
  });
}

/**
 * Signups with CONCURRENCY in flight until `until()` says stop (or `total` have been sent); returns each one's
 * start and latency.
 */
async function signups(baseUrl, proofs, tag, { total = Infinity, until = () => false }) {
  const timings = [];
  let sent = 0;
  async function worker() {
    while (sent < total && !until()) {
      if (proofs.length === 0) throw new Error("the bench ran out of proofs of work");
      sent++;
      const started = performance.now();
      const response = await signup(baseUrl, proofs, tag);
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
      timings.push({ started, ms: performance.now() - started });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return timings;
}

async function call(baseUrl, cookie, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export default async function bench({ baseUrl, databaseUrl, schema, report, pg, challengeSecret }) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  const broadcastIds = [];
  try {
    const seeded = performance.now();
    const have = Number((await client.query(`SELECT count(*) AS n FROM "waitlist"`)).rows[0].n);
    if (have < ROWS) await client.query(BASE_SQL, [ROWS - have]);
    await client.query(TAGGED_SQL, [AUDIENCE]);
    await client.query(`VACUUM ANALYZE "waitlist"`);
    await client.query(`ANALYZE "waitlist_tags"`);
    console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    report("entries in the table", Number((await client.query(`SELECT count(*) AS n FROM "waitlist"`)).rows[0].n));

    const cookie = await signInAsBenchAdmin(baseUrl, client, "broadcasts", "127.0.0.79");
    const { id: segmentId } = await call(baseUrl, cookie, "POST", "/api/admin/segments", {
      name: "Bench cleaners with the tag",
      filter: { q: "", tags: TAG, type: "cleaning" },
    });
    const audience = await call(baseUrl, cookie, "POST", "/api/admin/broadcasts/audience", { segmentId });
    if (audience.count !== AUDIENCE)
      throw new Error(`the segment's audience is ${audience.count}, not ${AUDIENCE}: ${JSON.stringify(audience)}`);

    const proofs = await solvedProofs(IDLE_SIGNUPS * 2 + RUNS * 600 + 100, challengeSecret);
    await signups(baseUrl, proofs, "warm", { total: 100 });
    const idle = (await signups(baseUrl, proofs, "idle", { total: IDLE_SIGNUPS }))
      .map((t) => t.ms)
      .sort((a, b) => a - b);
    const idleP95 = percentile(idle, 0.95);
    report(`signup p95, idle (${CONCURRENCY} in flight)`, idleP95, "ms");

    const queueTimes = [];
    const during = [];
    for (let run = 0; run < RUNS; run++) {
      let done = false;
      let window = { from: Infinity, to: Infinity };
      const load = signups(baseUrl, proofs, `during-${run}`, { until: () => done });
      // The signups get going before the broadcast is sent, and go on until it has been queued.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      const { id } = await call(baseUrl, cookie, "POST", "/api/admin/broadcasts", {
        subject: `Bench broadcast ${run}`,
        body: "Otto opens in London next month.\n\nReply if you want to be first.",
        segmentId,
      }).finally(() => {
        window = { from: started, to: performance.now() };
        done = true;
      });
      queueTimes.push(window.to - window.from);
      broadcastIds.push(id);
      // A signup counts as during the broadcast when it overlapped the request at all.
      for (const { started: at, ms } of await load) if (at < window.to && at + ms > window.from) during.push(ms);
      const queued = Number(
        (await client.query(`SELECT count(*) AS n FROM "email_outbox" WHERE "broadcastId" = $1`, [id])).rows[0].n,
      );
      if (queued !== AUDIENCE) throw new Error(`broadcast ${id} queued ${queued} emails, not ${AUDIENCE}`);
    }
    queueTimes.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    report(
      `broadcast to ${AUDIENCE.toLocaleString("en-GB")} queued (median of ${RUNS})`,
      queueTimes[Math.floor(RUNS / 2)],
      "ms",
      {
        target: 2000,
        better: "lower",
      },
    );
    report("broadcast queued (slowest)", queueTimes.at(-1), "ms");
    report(`signups during the broadcasts`, during.length);
    const duringP95 = percentile(during, 0.95);
    report("signup p95 while a broadcast is queued", duringP95, "ms");
    report("signup p95 while queued / idle", duringP95 / idleP95, "x", { target: 2, better: "lower" });
  } finally {
    // The emails would wait unsent for good (the bench server has no mail server): out of the way of the benches after.
    if (broadcastIds.length)
      await client.query(`DELETE FROM "email_outbox" WHERE "broadcastId" = ANY($1::int[])`, [broadcastIds]);
    await client.end();
  }
}
