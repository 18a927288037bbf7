// The landing page's first-load JavaScript (gzip) and Lighthouse scores and metrics, each next to the same
// figure for an empty Next.js page built with the same Next version in the same run.
// BENCH_LIGHTHOUSE_SAVE=/some/prefix keeps every Lighthouse report as /some/prefix-<time>.json.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Lighthouse's performance metrics, reported (median) next to the scores to show where the points go. */
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** Sum of gzip sizes of the script chunks a page's HTML loads (noModule polyfills aside). */
async function firstLoadJs(url) {
  const html = await (await fetch(url)).text();
  const sources = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1])
    .filter((attrs) => !/\bnoModule\b/i.test(attrs))
    .map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1])
    .filter(Boolean);
  let total = 0;
  for (const src of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return { kb: total / 1024, chunks: new Set(sources).size };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A Lighthouse run; one whose trace recording failed (it says "run Lighthouse again") is run again, up to twice. */
function lighthouse(url, attemptsLeft = 2) {
  const run = lighthouseOnce(url);
  if (run.runtimeError && attemptsLeft > 0) {
    console.log(`  (Lighthouse ${run.runtimeError}: running again)`);
    return lighthouse(url, attemptsLeft - 1);
  }
  if (run.runtimeError) throw new Error(`lighthouse failed: ${run.runtimeError}`);
  return run;
}

function lighthouseOnce(url) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lh-"));
  const out = path.join(dir, "report.json");
  const result = spawnSync(
    "node",
    [
      "node_modules/lighthouse/cli/index.js",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run --user-data-dir=${dir}/profile`,
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: ["ignore", "ignore", "pipe"], timeout: 180_000 },
  );
  try {
    const stderr = result.stderr?.toString() ?? "";
    // Lighthouse exits with an error, and may write no report, when its trace recording failed.
    const runtimeError = /Runtime error encountered:.*\(([A-Z_]+)\)/.exec(stderr)?.[1];
    if (result.status !== 0 && runtimeError) return { runtimeError };
    if (result.status !== 0) throw new Error(`lighthouse failed: ${stderr.slice(-400)}`);
    const report = JSON.parse(readFileSync(out, "utf8"));
    if (process.env.BENCH_LIGHTHOUSE_SAVE) writeFileSync(`${process.env.BENCH_LIGHTHOUSE_SAVE}-${Date.now()}.json`, JSON.stringify(report));
    const scores = Object.fromEntries(Object.entries(report.categories).map(([key, category]) => [key, Math.round(category.score * 100)]));
    const metrics = Object.fromEntries(METRICS.map((id) => [id, report.audits[id]?.numericValue ?? Number.NaN]));
    return { scores, metrics, runtimeError: report.runtimeError?.code };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function medians(rows) {
  return Object.fromEntries(Object.keys(rows[0]).map((key) => [key, median(rows.map((row) => row[key]))]));
}

function summarise(all) {
  return { scores: medians(all.map((run) => run.scores)), metrics: medians(all.map((run) => run.metrics)) };
}

/**
 * Lighthouse on both pages: one warm-up run each (discarded: the first load after a server starts pays for its cold
 * caches), then `runs` runs that alternate between the two pages, so that whatever else this shared machine is doing
 * weighs on both alike.
 */
function compareScores(landingUrl, emptyUrl) {
  lighthouse(landingUrl);
  lighthouse(emptyUrl);
  const landing = [];
  const empty = [];
  for (let run = 0; run < runs; run++) {
    landing.push(lighthouse(landingUrl));
    empty.push(lighthouse(emptyUrl));
  }
  return { landing: summarise(landing), emptyPage: summarise(empty) };
}

/**
 * Builds and starts scripts/bench/empty-app on its own, in a temporary folder with a hard-linked copy
 * of node_modules (Turbopack will not compile outside its root, and inside ours it would pick up our
 * proxy.ts), so the floor is a truly empty app on the same Next version.
 */
async function startEmptyApp(port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "otto-empty-next-"));
  cpSync(path.join("scripts", "bench", "empty-app"), dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "empty-next", private: true }));
  writeFileSync(path.join(dir, "package-lock.json"), "{}");
  const link = spawnSync("cp", ["-al", path.resolve("node_modules"), path.join(dir, "node_modules")]);
  if (link.status !== 0) throw new Error("copying node_modules for the empty app failed");
  const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: "" };
  const next = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  const build = spawnSync("node", [next, "build"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("building the empty app failed");
  const child = spawn("node", [next, "start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { stop, url };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error("the empty app did not start");
}

export default async function bench({ baseUrl, report }) {
  const landingUrl = `${baseUrl}/`;
  const empty = await startEmptyApp(3990);
  try {
    const landingJs = await firstLoadJs(landingUrl);
    const emptyJs = await firstLoadJs(empty.url);
    report("first-load JS, landing page (gzip)", landingJs.kb, "KB");
    report("first-load JS, empty Next page (gzip)", emptyJs.kb, "KB");
    report("first-load JS ratio (target <= 1.3)", landingJs.kb / emptyJs.kb, "x");

    if (process.env.BENCH_SKIP_LIGHTHOUSE) return;
    const { landing, emptyPage } = compareScores(landingUrl, empty.url);
    for (const [category, score] of Object.entries(landing.scores)) {
      report(`Lighthouse ${category}, landing (median of ${runs})`, score);
      report(`Lighthouse ${category}, empty page (median of ${runs})`, emptyPage.scores[category]);
    }
    for (const [metric, value] of Object.entries(landing.metrics)) {
      const unit = metric === "cumulative-layout-shift" ? "" : "ms";
      report(`${metric}, landing (median of ${runs})`, value, unit);
      report(`${metric}, empty page (median of ${runs})`, emptyPage.metrics[metric], unit);
    }
  } finally {
    empty.stop();
  }
}
