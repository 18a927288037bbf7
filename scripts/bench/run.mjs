#!/usr/bin/env node
// `npm run bench`: builds the production app once, starts it against a fresh PostgreSQL schema and
// runs every scripts/bench/*.bench.mjs module in turn. Figures are printed and written to
// bench-results/latest.json. Only 127.0.0.1 is ever contacted.
//   npm run bench [-- name]   one bench by its name, or those whose names contain it. BENCH_SKIP_BUILD=1 reuses
//   the last build in .next-bench.
// A figure named in scripts/bench/landed.json is printed beside its last landed value and the change in per
// cent, so a regression shows in the run that causes it. BENCH_LAND=1 writes this run's values of those
// figures into the file (with the date and BENCH_LAND_NOTE, or the commit measured), to be committed with
// the change that moved them.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

const root = process.cwd();
const distDir = ".next-bench";
const port = Number(process.env.BENCH_PORT ?? 3900);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://root@127.0.0.1:5432/test";
const schema = `bench_${Date.now().toString(36)}`;
const filter = process.argv[2];
const authSecret = "bench-secret-that-is-at-least-32-characters-long";
// The key the server signs signup challenges with, so a bench can sign its own (solved at once) and measure
// what verifying a proof costs the server, not what solving one costs a browser (npm run bench -- challenge).
const challengeSecret = "bench-challenge-secret-at-least-32-characters";

const landedFile = path.join(root, "scripts", "bench", "landed.json");
/** Figures as last landed: label → { value, better ("higher" or "lower"), maxDropPercent, landed, note }. */
const landed = existsSync(landedFile) ? JSON.parse(readFileSync(landedFile, "utf8")) : {};

const results = [];
function print(label, value, unit = "") {
  results.push({ label, value, unit });
  console.log(`  ${label}: ${value}${unit ? ` ${unit}` : ""}`);
}

function report(label, value, unit = "") {
  const rounded = typeof value === "number" ? Math.round(value * 100) / 100 : value;
  print(label, rounded, unit);
  const last = landed[label];
  if (typeof value !== "number" || !last) return;
  print(`${label}, last landed`, `${last.value} (${last.landed}, ${last.note})`, unit);
  const change = ((value - last.value) / last.value) * 100;
  const drop = last.better === "lower" ? change : -change;
  const worse = last.better === "lower" ? "higher" : "lower";
  const target = last.maxDropPercent === undefined ? "" : ` (target: no more than ${last.maxDropPercent}% ${worse})`;
  const verdict = last.maxDropPercent !== undefined && drop > last.maxDropPercent ? ": WORSE THAN THE TARGET" : "";
  print(`${label}, change from last landed`, `${change >= 0 ? "+" : ""}${change.toFixed(1)}%${target}${verdict}`);
}

/** BENCH_LAND=1: this run's values of the figures landed.json tracks become the landed ones. */
function land() {
  const today = new Date().toISOString().slice(0, 10);
  const head = spawnSync("git", ["log", "-1", "--format=%h"], { encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).stdout.trim();
  const note = process.env.BENCH_LAND_NOTE ?? `measured on ${head}${dirty ? " with uncommitted changes" : ""}`;
  const landedNow = [];
  for (const { label, value } of results) {
    if (!landed[label] || typeof value !== "number") continue;
    landed[label] = { ...landed[label], value, landed: today, note };
    landedNow.push(`${label}: ${value}`);
  }
  if (!landedNow.length)
    return console.log("\n[bench] BENCH_LAND: this run measured none of the figures in landed.json");
  writeFileSync(landedFile, `${JSON.stringify(landed, null, 2)}\n`);
  console.log(`\n[bench] landed in scripts/bench/landed.json (commit it with the change): ${landedNow.join("; ")}`);
}

function build() {
  if (process.env.BENCH_SKIP_BUILD) return;
  console.log(`[bench] building into ${distDir}...`);
  const result = spawnSync("node", ["scripts/build.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      NODE_ENV: "production",
      AUTH_SECRET: authSecret,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  if (result.status !== 0) throw new Error("the build failed");
}

async function migrate() {
  const result = spawnSync(
    "node",
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-migrate.ts"],
    {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
    },
  );
  if (result.status !== 0) throw new Error("migration failed");
}

async function startServer() {
  const child = spawn("node", ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      AUTH_SECRET: authSecret,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_MAX: "10",
      // The benches stand in for one trusted proxy (each request names its client in X-Forwarded-For), and
      // measure throughput, not the site-wide signup backstop.
      TRUSTED_PROXY_HOPS: "1",
      WAITLIST_SIGNUPS_PER_MINUTE: "10000000",
      SIGNUP_CHALLENGE: "hold",
      SIGNUP_CHALLENGE_SECRET: challengeSecret,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("the server did not start");
}

async function dropSchema() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

async function main() {
  const all = readdirSync(path.join(root, "scripts", "bench")).filter((name) => name.endsWith(".bench.mjs"));
  // A bench's exact name runs it alone ("waitlist" is not also "admin-waitlist"); otherwise any name containing the filter.
  const benches = (
    all.includes(`${filter}.bench.mjs`)
      ? [`${filter}.bench.mjs`]
      : all.filter((name) => !filter || name.includes(filter))
  ).sort();
  console.log(`[bench] ${os.cpus().length} cores, node ${process.version}; benches: ${benches.join(", ")}`);
  build();
  await migrate();
  const { child, baseUrl } = await startServer();
  const started = new Date().toISOString();
  try {
    for (const name of benches) {
      console.log(`\n[bench] ${name}`);
      const mod = await import(pathToFileURL(path.join(root, "scripts", "bench", name)).href);
      await mod.default({
        baseUrl,
        databaseUrl,
        schema,
        serverPid: child.pid,
        report: (label, value, unit) => report(`${name.replace(".bench.mjs", "")}: ${label}`, value, unit),
        pg,
        distDir,
        authSecret,
        challengeSecret,
      });
    }
  } finally {
    child.kill();
    await dropSchema().catch(() => undefined);
  }
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench-results", "latest.json"),
    JSON.stringify({ started, cores: os.cpus().length, node: process.version, results }, null, 2),
  );
  console.log("\n[bench] written to bench-results/latest.json");
  if (process.env.BENCH_LAND) land();
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
