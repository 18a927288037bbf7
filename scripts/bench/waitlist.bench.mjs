// Waiting list signups per second and count requests per second through the production server, with the
// table at a million rows or more, each next to the framework floor (a route handler in an empty Next app
// doing the same SQL through pg) and a bare node:http server doing the same, in the same run: app / floor
// is the cost of our own code (proxy, Prisma, zod, the route), floor / bare the framework's.
// Also: count(*) against the trigger-kept counter the count route reads, and a check that they agree. The
// app's signups carry a valid proof of work each, as the form's do, so the figure includes verifying it.
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startEmptyApp } from "./empty-app.mjs";
import { solvedProofs } from "./proofs.mjs";
import { COUNT_SQL, INSERT_SQL, RATE_LIMIT_SQL } from "./waitlist-sql.mjs";

const ROWS = Number(process.env.BENCH_WAITLIST_ROWS ?? 1_000_000);
const SIGNUPS = Number(process.env.BENCH_SIGNUP_REQUESTS ?? 2000);
const COUNTS = Number(process.env.BENCH_COUNT_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3979);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3989);

/** The bare server: node:http, JSON.parse, a few type checks, pg.Pool of the app's size. Runs in its own process, like the app. */
function bareServerSource(pgPath) {
  return `
import http from "node:http";
import pg from ${JSON.stringify(pathToFileURL(pgPath).href)};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: "-c search_path=" + process.env.SCHEMA + ",public" });
const RATE_LIMIT_SQL = ${JSON.stringify(RATE_LIMIT_SQL)};
const INSERT_SQL = ${JSON.stringify(INSERT_SQL)};
const COUNT_SQL = ${JSON.stringify(COUNT_SQL)};
const TYPES = new Set(["trades","cleaning","beauty","car","handyman","therapy","tutoring","other"]);
const SIZES = new Set(["1","2-5","6-10","11+"]);
function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
http.createServer(async (req, res) => {
  try {
    if (req.method === "GET" && req.url === "/count") {
      const { rows } = await pool.query(COUNT_SQL);
      return send(res, 200, { count: Number(rows[0].count) });
    }
    if (req.method === "POST" && (req.url === "/signup" || req.url === "/signup-limited")) {
      let text = "";
      for await (const chunk of req) text += chunk;
      const b = JSON.parse(text);
      const name = typeof b.name === "string" ? b.name.trim() : "";
      const email = typeof b.email === "string" ? b.email.trim().toLowerCase() : "";
      if (name.length < 2 || !email.includes("@") || !TYPES.has(b.businessType) || !SIZES.has(b.employees) || b.agreedToTerms !== true) {
        return send(res, 400, { message: "invalid" });
      }
      if (req.url === "/signup-limited") {
        const now = Date.now();
        const start = Math.floor(now / 60000) * 60000;
        const ip = String(req.headers["x-forwarded-for"] ?? "unknown").split(",").at(-1).trim(); // as lib/http.ts clientIp behind one proxy
        for (const key of ["waitlist:ip:" + ip, "waitlist:all"]) {
          const { rows } = await pool.query(RATE_LIMIT_SQL, [key, new Date(start), new Date(start + 60000)]);
          if (Number(rows[0].count) > (key === "waitlist:all" ? 10000000 : 5)) return send(res, 429, { message: "slow down" });
        }
      }
      await pool.query(INSERT_SQL, [name, email, b.businessType, b.employees, new Date()]);
      return send(res, 201, { message: "ok" });
    }
    send(res, 404, { message: "not found" });
  } catch (error) {
    send(res, 500, { message: String(error && error.message) });
  }
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
`;
}

async function startBareServer(databaseUrl, schema) {
  const file = path.join(os.tmpdir(), `waitlist-bare-${process.pid}.mjs`);
  writeFileSync(file, bareServerSource(createRequire(path.join(process.cwd(), "package.json")).resolve("pg")));
  const child = spawn(process.execPath, [file], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, DATABASE_URL: databaseUrl, SCHEMA: schema, PORT: String(BARE_PORT) },
  });
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${BARE_PORT}`, file };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Sends `total` requests with `CONCURRENCY` in flight; returns requests/s and latency percentiles. */
async function load(total, makeRequest, expectStatus) {
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
      if (response.status !== expectStatus) unexpected.set(response.status, (unexpected.get(response.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (unexpected.size) throw new Error(`unexpected statuses: ${JSON.stringify(Object.fromEntries(unexpected))}`);
  timings.sort((a, b) => a - b);
  return { perSecond: total / seconds, p50: percentile(timings, 0.5), p95: percentile(timings, 0.95) };
}

let ipCounter = 0;
const signupRequest = (url, tag, proofs) => (index) =>
  fetch(url, {
    method: "POST",
    // A distinct client per request: this measures throughput, not the per-IP limit.
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    },
    body: JSON.stringify({
      name: `Bench Signup ${index}`,
      email: `${tag}-${index}-${Date.now()}@bench.example`,
      businessType: "cleaning",
      employees: "2-5",
      agreedToTerms: true,
      ...(proofs ? { altcha: proofs.pop() } : {}),
    }),
  });

async function timeQuery(client, sql, times = 5) {
  const timings = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await client.query(sql);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length / 2)];
}

export default async function bench({ baseUrl, databaseUrl, schema, report, pg, challengeSecret }) {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  const bare = await startBareServer(databaseUrl, schema);
  const floor = await startEmptyApp(FLOOR_PORT, { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema });
  const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/api/floor`;
  try {
    const existing = Number((await client.query(`SELECT count(*) AS n FROM "waitlist"`)).rows[0].n);
    if (existing < ROWS) {
      const started = performance.now();
      await client.query(
        `INSERT INTO "waitlist" ("name", "email", "businessType", "employees")
         SELECT 'Seed ' || i, 'seed.' || i || '@bench.example', (ARRAY['trades','cleaning','car','other'])[1 + i % 4], (ARRAY['1','2-5','6-10','11+'])[1 + i % 4]
         FROM generate_series(1, $1::int) AS i ON CONFLICT ("email") DO NOTHING`,
        [ROWS - existing],
      );
      await client.query(`VACUUM ANALYZE "waitlist"`);
      report("seeded", (performance.now() - started) / 1000, "s");
    }
    report(
      "entries in the table",
      Number((await client.query(`SELECT count(*) AS n FROM "waitlist"`)).rows[0].n),
      "rows",
    );
    report(
      "SELECT count(*) on the table (median of 5)",
      await timeQuery(client, `SELECT count(*) FROM "waitlist"`),
      "ms",
    );
    report("SUM over the 16 counter slots (median of 5)", await timeQuery(client, COUNT_SQL), "ms");

    // Warm both servers (JIT, connection pools) before measuring.
    await load(200, () => fetch(`${baseUrl}/api/waitlist/count`), 200);
    await load(200, () => fetch(`${bare.baseUrl}/count`), 200);
    await load(200, () => fetch(`${floorUrl}/count`), 200);
    // The app's signups each carry a valid proof, as the form's do: verified, then taken as today.
    const proofs = await solvedProofs(SIGNUPS + 100, challengeSecret);
    await load(100, signupRequest(`${baseUrl}/api/waitlist`, "warm-app", proofs), 201);
    await load(100, signupRequest(`${bare.baseUrl}/signup-limited`, "warm-bare"), 201);
    await load(100, signupRequest(`${floorUrl}/signup`, "warm-floor"), 201);

    const appCount = await load(COUNTS, () => fetch(`${baseUrl}/api/waitlist/count`), 200);
    const floorCount = await load(COUNTS, () => fetch(`${floorUrl}/count`), 200);
    const bareCount = await load(COUNTS, () => fetch(`${bare.baseUrl}/count`), 200);
    report(`count requests/s, app (${CONCURRENCY} in flight)`, appCount.perSecond, "req/s");
    report("count latency p50 / p95, app", `${appCount.p50.toFixed(1)} / ${appCount.p95.toFixed(1)}`, "ms");
    report("count requests/s, floor (route handler + pg in an empty Next app)", floorCount.perSecond, "req/s");
    report("count latency p50 / p95, floor", `${floorCount.p50.toFixed(1)} / ${floorCount.p95.toFixed(1)}`, "ms");
    report("count requests/s, bare node:http + pg", bareCount.perSecond, "req/s");
    report("count latency p50 / p95, bare", `${bareCount.p50.toFixed(1)} / ${bareCount.p95.toFixed(1)}`, "ms");
    report("count ratio app / floor", appCount.perSecond / floorCount.perSecond);
    report("count ratio floor / bare", floorCount.perSecond / bareCount.perSecond);

    const appSignups = await load(SIGNUPS, signupRequest(`${baseUrl}/api/waitlist`, "app", proofs), 201);
    const floorSignups = await load(SIGNUPS, signupRequest(`${floorUrl}/signup`, "floor"), 201);
    const bareLimited = await load(SIGNUPS, signupRequest(`${bare.baseUrl}/signup-limited`, "bare-limited"), 201);
    const bareInsert = await load(SIGNUPS, signupRequest(`${bare.baseUrl}/signup`, "bare"), 201);
    report(`signups/s, app (two rate-limit writes + insert, ${CONCURRENCY} in flight)`, appSignups.perSecond, "req/s");
    report("signup latency p50 / p95, app", `${appSignups.p50.toFixed(1)} / ${appSignups.p95.toFixed(1)}`, "ms");
    report("signups/s, floor, same three statements", floorSignups.perSecond, "req/s");
    report("signup latency p50 / p95, floor", `${floorSignups.p50.toFixed(1)} / ${floorSignups.p95.toFixed(1)}`, "ms");
    report("signups/s, bare node:http + pg, same three statements", bareLimited.perSecond, "req/s");
    report(
      "signup latency p50 / p95, bare, same three statements",
      `${bareLimited.p50.toFixed(1)} / ${bareLimited.p95.toFixed(1)}`,
      "ms",
    );
    report("signups/s, bare node:http + pg, insert only", bareInsert.perSecond, "req/s");
    // run.mjs prints it beside its last landed value (scripts/bench/landed.json) and the change.
    report("signup ratio app / floor", appSignups.perSecond / floorSignups.perSecond);
    // Every one of those proofs was accepted: a held signup would have skipped the email the floor's do not write either.
    report(
      "app signups held (each had a valid proof, so none should be)",
      Number(
        (
          await client.query(
            `SELECT count(*) AS n FROM "waitlist" WHERE "email" LIKE '%app-%@bench.example' AND "heldAt" IS NOT NULL`,
          )
        ).rows[0].n,
      ),
      "entries",
    );
    report("signup ratio floor / bare", floorSignups.perSecond / bareLimited.perSecond);
    report("signup ratio app / bare (same statements)", appSignups.perSecond / bareLimited.perSecond);

    // The counter the route reads must still equal count(*) after thousands of concurrent inserts.
    const { rows } = await client.query(`SELECT (SELECT count(*) FROM "waitlist") AS real, (${COUNT_SQL}) AS counted`);
    report(
      "counter equals count(*) after the run",
      String(rows[0].real) === String(rows[0].counted) ? "yes" : `NO (${rows[0].counted} vs ${rows[0].real})`,
    );
    const shown = (await (await fetch(`${baseUrl}/api/waitlist/count`)).json()).count;
    report("GET /api/waitlist/count answers", shown, "entries");
  } finally {
    floor.stop();
    bare.child.kill();
    rmSync(bare.file, { force: true });
    await client.end();
  }
}
