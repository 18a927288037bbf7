// Segment counts at 1,000,000 entries on PostgreSQL, through the production server, signed in: the live count
// of a saved segment for each built-in filter and some combinations, as GET /api/admin/segments answers it
// (p50/p95 over sequential requests, one segment saved at a time). Target: p95 under 100 ms for the fixed-choice
// filters and the source, alone or together (a sum over the trigger-kept combinations). A search and the tag
// filters count the list itself: their figures are printed without a target, to watch.
import { signInAsBenchAdmin } from "./admin-session.mjs";

const ROWS = Number(process.env.BENCH_SEGMENT_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_SEGMENT_REQUESTS ?? 30);

// Entries joined 29 s apart: every business type and team size, seven in ten confirmed, a tenth invited, a few
// held, a few from a campaign and one in fifty with referrals, so each filter matches a realistic share.
const SEED_SQL = `
INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "joinedAt", "consentedAt", "confirmedAt", "status", "invitedAt", "heldAt", "utmSource", "referralCredits")
SELECT 'Segment ' || i, 'segment.' || i || '@example.com',
       (ARRAY['trades','cleaning','beauty','car','handyman','therapy','tutoring','other'])[1 + (i * 7) % 8],
       (ARRAY['1','2-5','6-10','11+'])[1 + (i / 8) % 4], t, t,
       CASE WHEN i % 10 < 7 THEN t + interval '20 minutes' END,
       CASE WHEN i % 10 = 0 THEN 'invited' ELSE 'waiting' END,
       CASE WHEN i % 10 = 0 THEN t + interval '30 days' END,
       CASE WHEN i % 997 = 0 THEN t END,
       CASE WHEN i % 13 = 0 THEN 'spring-newsletter' END,
       CASE WHEN i % 50 = 0 THEN 1 + i % 3 ELSE 0 END
FROM (SELECT i, now() - ($1::int - i) * interval '29 seconds' AS t FROM generate_series(1, $1::int) AS i) AS s`;

// A tenth of the entries tagged "london", one in twenty "vip", as a list a team has worked on.
const TAGS_SQL = `
INSERT INTO "waitlist_tags" ("entryId", "tag")
SELECT "id", 'london' FROM "waitlist" WHERE "id" % 10 = 0
UNION ALL
SELECT "id", 'vip' FROM "waitlist" WHERE "id" % 20 = 3
ON CONFLICT DO NOTHING`;

// [label, filter, counted from the trigger-kept sums (so held to the target)]
const FILTERS = [
  ["no filter", {}, true],
  ["status waiting", { status: "waiting" }, true],
  ["status invited", { status: "invited" }, true],
  ["confirmed", { confirmed: "yes" }, true],
  ["type cleaning", { type: "cleaning" }, true],
  ["size 2-5", { size: "2-5" }, true],
  ['source "newsletter"', { source: "newsletter" }, true],
  ["has referrals", { referrals: "yes" }, true],
  ["held", { held: "yes" }, true],
  ["type cleaning, confirmed", { type: "cleaning", confirmed: "yes" }, true],
  ["size 2-5, not held", { size: "2-5", held: "no" }, true],
  [
    "waiting, confirmed, trades, 1, no referrals, not held, source direct",
    { status: "waiting", confirmed: "yes", type: "trades", size: "1", referrals: "no", held: "no", source: "direct" },
    true,
  ],
  ['search "segment.4242" (counts the list)', { q: "segment.4242" }, false],
  ["any of tags london, vip (counts the list)", { tags: "london,vip" }, false],
  ["tag vip, confirmed (counts the list)", { tags: "vip", confirmed: "yes" }, false],
];

async function call(baseUrl, cookie, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export default async function bench({ baseUrl, databaseUrl, schema, report, pg }) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  try {
    const have = Number((await client.query(`SELECT count(*) AS n FROM "waitlist"`)).rows[0].n);
    if (have < ROWS) {
      await client.query(SEED_SQL, [ROWS - have]);
      await client.query(TAGS_SQL);
      // One statement each: VACUUM cannot run in the transaction a multi-statement query makes.
      await client.query(`VACUUM ANALYZE "waitlist"`);
      await client.query(`VACUUM ANALYZE "waitlist_tags"`);
    }
    report("entries in the table", Math.max(have, ROWS), "rows");
    const cookie = await signInAsBenchAdmin(baseUrl, client, "segments", "127.0.0.78");
    for (const [label, filter, counted] of FILTERS) {
      const { id } = await call(baseUrl, cookie, "POST", "/api/admin/segments", {
        // A segment's name is at most 60 characters; the label is for the report.
        name: `Bench ${FILTERS.findIndex((entry) => entry[0] === label)}`,
        filter: { q: "", ...filter },
      });
      const times = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await call(baseUrl, cookie, "GET", "/api/admin/segments");
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      report(`segment count, ${label} p50`, times[Math.floor(times.length / 2)], "ms");
      const p95 = times[Math.ceil(times.length * 0.95) - 1];
      if (counted) report(`segment count, ${label} p95`, p95, "ms", { target: 100, better: "lower" });
      else report(`segment count, ${label} p95`, p95, "ms");
      await call(baseUrl, cookie, "DELETE", `/api/admin/segments/${id}`);
    }
  } finally {
    await client.end();
  }
}
