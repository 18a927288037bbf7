#!/usr/bin/env node
// `npm run bench`: builds the production app once, starts it against a fresh PostgreSQL schema and
// runs every scripts/bench/*.bench.mjs module in turn. Figures are printed and written to
// bench-results/latest.json. Only 127.0.0.1 is ever contacted.
//   npm run bench [-- name]   one bench by its name, or those whose names contain it. BENCH_SKIP_BUILD=1 reuses
//   the last build in .next-bench.
// Each bench reports its figures through `report(label, value, unit, { target, better })`: `better` is "lower"
// or "higher", `target` what the figure should reach (at most, or at least). A figure scripts/bench/landed.json
// names ("<bench>: <label>") is also compared with its last landed value, within the tolerance the file gives
// it, so a regression shows in the run that causes it. Every bench runs even if one before it fails; the run
// ends with a summary of the figures that have a target or a landed value, and exits 1 if a bench failed or a
// landed figure got worse beyond its tolerance. A missed target is flagged, not failed: several are known
// gaps, and their landed values keep them from getting worse. BENCH_LAND=1 writes this run's values of the
// landed figures into the file (with the date and BENCH_LAND_NOTE, or the commit measured), to be committed
// with the change that moved them.
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
/**
 * Figures as last landed, by "<bench>: <label>": { value, unit, better ("higher" or "lower"), target?,
 * tolerancePercent or toleranceAbsolute (how much worse than the landed value still passes), landed, note }.
 */
const landed = existsSync(landedFile) ? JSON.parse(readFileSync(landedFile, "utf8")) : {};

/** Every figure of the run, as printed: { name, value, unit, target?, better?, landed?, verdicts? }. */
const results = [];
/** Benches that threw; the others still run, and the run exits 1. */
const failures = [];

const formatValue = (value, unit) => `${value}${unit ? ` ${unit}` : ""}`;
const meetsTarget = (value, target, better) => (better === "higher" ? value >= target : value <= target);

/**
 * How a figure stands against its target and its landed value. A tolerance in per cent of the landed value
 * suits rates and sizes; an absolute one suits small whole numbers (Lighthouse points), where per cent
 * means little.
 */
function judge(value, target, better, last) {
  const verdicts = {};
  if (typeof target === "number") {
    verdicts.target = meetsTarget(value, target, better) ? "meets" : "misses";
  }
  if (last) {
    const worseBy = last.better === "higher" ? last.value - value : value - last.value;
    const allowed =
      last.toleranceAbsolute !== undefined
        ? last.toleranceAbsolute
        : (Math.abs(last.value) * (last.tolerancePercent ?? 0)) / 100;
    // An absolute tolerance reads best beside an absolute change ("+3 points"); a relative one beside per cent.
    const difference = Math.round((value - last.value) * 100) / 100;
    verdicts.change =
      last.toleranceAbsolute !== undefined || last.value === 0
        ? `${difference >= 0 ? "+" : ""}${formatValue(difference, last.unit)}`
        : `${value >= last.value ? "+" : ""}${(((value - last.value) / last.value) * 100).toFixed(1)}%`;
    verdicts.landed = worseBy > allowed ? "regressed" : "holds";
  }
  return verdicts;
}

/** A target as "<= 150 KB" (at most) or ">= 0.77" (at least). */
const targetText = (target, better, unit) => `${better === "higher" ? ">=" : "<="} ${formatValue(target, unit)}`;

function toleranceText(last) {
  if (last.toleranceAbsolute !== undefined) return `${formatValue(last.toleranceAbsolute, last.unit)} worse`;
  return `${last.tolerancePercent ?? 0}% ${last.better === "higher" ? "lower" : "higher"}`;
}

/**
 * One figure: printed with its target and, when landed.json tracks it, its landed value, the change and the
 * verdict. The target is the bench's own, or else the one landed.json gives.
 */
function report(name, value, unit = "", options = {}) {
  // A figure added to landed.json with no value yet has its target and tolerance, and waits for BENCH_LAND.
  const tracked = landed[name];
  const last = typeof tracked?.value === "number" ? tracked : undefined;
  const target = options.target ?? tracked?.target;
  const better = options.better ?? tracked?.better;
  if (target !== undefined && better !== "lower" && better !== "higher")
    throw new Error(`${name}: a target needs better: "lower" or "higher"`);
  const rounded = typeof value === "number" ? Math.round(value * 100) / 100 : value;
  const record = { name, value: rounded, unit };
  let line = `  ${name}: ${formatValue(rounded, unit)}`;
  if (typeof value === "number" && (target !== undefined || tracked)) {
    const verdicts = judge(rounded, target, better, last);
    Object.assign(record, { target, better, verdicts });
    if (target !== undefined) {
      line += ` (target ${targetText(target, better, unit)}${verdicts.target === "misses" ? ": MISSES THE TARGET" : ""})`;
    }
    if (last) {
      record.landed = { value: last.value, landed: last.landed, note: last.note };
      line += `\n    landed ${formatValue(last.value, unit)} on ${last.landed} (${last.note}); change ${verdicts.change}, tolerance ${toleranceText(last)}`;
      if (verdicts.landed === "regressed") line += ": REGRESSED";
    } else if (tracked) line += "\n    not landed yet (BENCH_LAND=1 lands it)";
  }
  results.push(record);
  console.log(line);
}

/**
 * The end of the run: every figure with a target or a landed value, the landed figures a bench that ran did
 * not report (a renamed label, or a part skipped), and the regressions. Returns how many regressed.
 */
function summarise(benchesRun) {
  const judged = results.filter((result) => result.verdicts);
  if (!judged.length) return 0;
  console.log("\n[bench] figures against their targets and landed values:");
  for (const { name, value, unit, target, better, landed: last, verdicts } of judged) {
    const parts = [];
    if (target !== undefined) parts.push(`target ${targetText(target, better, unit)}: ${verdicts.target}`);
    if (last) parts.push(`landed ${formatValue(last.value, unit)}, ${verdicts.change}: ${verdicts.landed}`);
    else if (landed[name]) parts.push("not landed yet");
    const flag = verdicts.landed === "regressed" ? "REGRESSED " : verdicts.target === "misses" ? "off target " : "ok ";
    console.log(`  ${flag.padEnd(11)}${name}: ${formatValue(value, unit)} (${parts.join("; ")})`);
  }
  const measured = new Set(results.map((result) => result.name));
  for (const name of Object.keys(landed)) {
    if (!measured.has(name) && benchesRun.includes(name.split(":")[0]))
      console.log(
        `  not measured: ${name} (landed.json tracks it: a part of its bench was skipped, or its label changed)`,
      );
  }
  const regressed = judged.filter((result) => result.verdicts.landed === "regressed");
  if (regressed.length)
    console.log(
      `[bench] ${regressed.length} figure(s) worse than landed beyond tolerance: ${regressed.map((r) => r.name).join("; ")}`,
    );
  return regressed.length;
}

/** BENCH_LAND=1: this run's values of the figures landed.json tracks become the landed ones. */
function land() {
  const today = new Date().toISOString().slice(0, 10);
  const head = spawnSync("git", ["log", "-1", "--format=%h"], { encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).stdout.trim();
  const note = process.env.BENCH_LAND_NOTE ?? `measured on ${head}${dirty ? " with uncommitted changes" : ""}`;
  const landedNow = [];
  for (const { name, value } of results) {
    if (!landed[name] || typeof value !== "number") continue;
    landed[name] = { ...landed[name], value, landed: today, note };
    landedNow.push(`${name}: ${value}`);
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
      const bench = name.replace(".bench.mjs", "");
      try {
        const mod = await import(pathToFileURL(path.join(root, "scripts", "bench", name)).href);
        await mod.default({
          baseUrl,
          databaseUrl,
          schema,
          serverPid: child.pid,
          report: (label, value, unit, options) => report(`${bench}: ${label}`, value, unit, options),
          pg,
          distDir,
          authSecret,
          challengeSecret,
        });
      } catch (error) {
        // The next bench still runs: one failure should not hide every figure after it.
        failures.push(bench);
        console.error(`[bench] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      }
    }
  } finally {
    child.kill();
    await dropSchema().catch(() => undefined);
  }
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench-results", "latest.json"),
    JSON.stringify({ started, cores: os.cpus().length, node: process.version, failures, results }, null, 2),
  );
  console.log("\n[bench] written to bench-results/latest.json");
  const regressed = summarise(benches.map((name) => name.replace(".bench.mjs", "")));
  if (process.env.BENCH_LAND) land();
  if (failures.length) console.error(`[bench] failed: ${failures.join(", ")}`);
  if (failures.length || regressed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
