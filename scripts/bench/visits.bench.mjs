// The landing page's visit beacon (POST /api/visit) per second through the production server, next to the
// framework floor (a route handler in the empty Next app doing the same database work through pg) in the
// same run: app / floor is the cost of our own code (the route, zod, the bot, prefetch and admin checks,
// the per-address limit, Prisma). Every beacon is a new visitor (its own address and user agent), the path
// that writes most: the visitor's hash, then the day's count.
import { startEmptyApp } from "./empty-app.mjs";

const VISITS = Number(process.env.BENCH_VISIT_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3989);
const SOURCES = ["newsletter", "linkedin", "podcast", "partner"];
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Sends `total` requests with `CONCURRENCY` in flight; returns requests/s and latency percentiles. */
async function load(total, makeRequest) {
  let next = 0;
  const timings = [];
  const unexpected = new Map();
  const started = performance.now();
  async function worker() {
    while (next < total) {
      const index = next++;
      const t0 = performance.now();
      const response = await makeRequest(index);
      await response.arrayBuffer();
      timings.push(performance.now() - t0);
      if (response.status !== 204) unexpected.set(response.status, (unexpected.get(response.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (unexpected.size) throw new Error(`unexpected statuses: ${JSON.stringify(Object.fromEntries(unexpected))}`);
  timings.sort((a, b) => a - b);
  return { perSecond: total / seconds, p50: percentile(timings, 0.5), p95: percentile(timings, 0.95) };
}

let clientCounter = 0;
/** A beacon as the landing page sends it (a string body, so text/plain), from a new visitor each time. */
const beacon = (url, tag) => (index) => {
  const client = ++clientCounter;
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": `${USER_AGENT} ${tag}`,
      "x-forwarded-for": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
    },
    body: JSON.stringify({ utmSource: `${tag}-${SOURCES[index % SOURCES.length]}`, referrer: null }),
  });
};

export default async function bench({ baseUrl, databaseUrl, schema, report, pg }) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  const floor = await startEmptyApp(FLOOR_PORT, { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema });
  const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/api/floor/visit`;
  try {
    // Warm both servers (JIT, connection pools, the day's salt) before measuring.
    await load(300, beacon(`${baseUrl}/api/visit`, "warm-app"));
    await load(300, beacon(floorUrl, "warm-floor"));

    const app = await load(VISITS, beacon(`${baseUrl}/api/visit`, "app"));
    const floorRun = await load(VISITS, beacon(floorUrl, "floor"));
    report(`beacons/s, app (new visitors, ${CONCURRENCY} in flight)`, app.perSecond, "req/s");
    report("beacon latency p50 / p95, app", `${app.p50.toFixed(1)} / ${app.p95.toFixed(1)}`, "ms");
    report("beacons/s, floor (route handler + pg in an empty Next app, same SQL)", floorRun.perSecond, "req/s");
    report("beacon latency p50 / p95, floor", `${floorRun.p50.toFixed(1)} / ${floorRun.p95.toFixed(1)}`, "ms");
    report("beacon ratio app / floor", app.perSecond / floorRun.perSecond);

    // Every beacon was a new visitor: the app's counts must add up to exactly the beacons it was sent.
    const { rows } = await client.query(
      `SELECT COALESCE(sum("visitors"), 0)::int AS n FROM "visit_daily" WHERE "source" LIKE 'app-%'`,
    );
    report("visitors counted equal beacons sent", rows[0].n === VISITS ? "yes" : `NO (${rows[0].n} of ${VISITS})`);
  } finally {
    floor.stop();
    await client.end();
  }
}
