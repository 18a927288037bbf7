// The landing page's HTML and the hydration data inlined in it (raw bytes, and the client components it references),
// then its first-load JavaScript (gzip), time to first byte, and Lighthouse scores and metrics, each next to the same
// figure for an empty Next.js page built with the same Next version in the same run, with the targets they are held to.
// BENCH_LIGHTHOUSE_SAVE=/some/prefix keeps every Lighthouse report as /some/prefix-<time>.json.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startEmptyApp } from "./empty-app.mjs";
import { analyse } from "./flight.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Lighthouse's performance metrics, reported (median) next to the scores to show where the points go. */
/** Client components Next itself places on every page (its router, boundaries and icon marker), not the page's islands. */
const NEXT_OWN_REFERENCES = new Set(["ViewportBoundary", "MetadataBoundary", "OutletBoundary", "IconMark"]);

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

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

/** A page's HTML as sent before compression, and how much of it is the page data Next inlines for hydration. */
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
    if (process.env.BENCH_LIGHTHOUSE_SAVE)
      writeFileSync(`${process.env.BENCH_LIGHTHOUSE_SAVE}-${Date.now()}.json`, JSON.stringify(report));
    const scores = Object.fromEntries(
      Object.entries(report.categories).map(([key, category]) => [key, Math.round(category.score * 100)]),
    );
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

/** Milliseconds from sending a GET until the first byte of the body arrives, on a fresh connection. */
function timeToFirstByte(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: false, headers: { "accept-encoding": "gzip" } }, (response) => {
      response.once("data", () => {
        resolve(performance.now() - started);
        response.destroy();
      });
      response.once("error", reject);
    });
    request.once("error", reject);
  });
}

/** Median time to first byte of each page over `samples` requests, alternating between them after a warm-up. */
async function compareTtfb(landingUrl, emptyUrl, samples = 200) {
  for (let i = 0; i < 20; i++) await Promise.all([timeToFirstByte(landingUrl), timeToFirstByte(emptyUrl)]);
  const landing = [];
  const empty = [];
  for (let i = 0; i < samples; i++) {
    landing.push(await timeToFirstByte(landingUrl));
    empty.push(await timeToFirstByte(emptyUrl));
  }
  return { landing: median(landing), empty: median(empty) };
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

export default async function bench({ baseUrl, report }) {
  const landingUrl = `${baseUrl}/`;
  const empty = await startEmptyApp(Number(process.env.BENCH_EMPTY_PORT ?? 3990));
  try {
    const page = analyse(await (await fetch(landingUrl)).text());
    report("landing HTML, uncompressed", page.htmlBytes / 1024, "KB", { target: 120, better: "lower" });
    report("landing HTML, of it the inline page data (flight)", page.flightScriptBytes / 1024, "KB", {
      target: 40,
      better: "lower",
    });
    report("class-name strings in the hydration data", page.classNameStrings);
    // Named exports are named in the payload; default exports (Next's router, and any island exported as default) are not.
    const named = page.referenceNames.filter((name) => name !== "default" && !NEXT_OWN_REFERENCES.has(name));
    report("client references, Next's own included", page.clientReferences);
    report("islands, named client components", named.length, "", { target: 3, better: "lower" });
    report("islands, their names", named.join(", "));

    const landingJs = await firstLoadJs(landingUrl);
    const emptyJs = await firstLoadJs(empty.url);
    report("first-load JS, landing page (gzip)", landingJs.kb, "KB");
    report("first-load JS, empty Next page (gzip)", emptyJs.kb, "KB");
    report("first-load JS ratio", landingJs.kb / emptyJs.kb, "x", { target: 1.15, better: "lower" });

    const ttfb = await compareTtfb(landingUrl, empty.url);
    report("time to first byte, landing page (median of 200)", ttfb.landing, "ms");
    report("time to first byte, empty Next page (median of 200)", ttfb.empty, "ms");
    report("landing ttfb / empty ttfb", ttfb.landing / ttfb.empty);

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
    report(
      "Lighthouse performance gap, empty page minus landing",
      emptyPage.scores.performance - landing.scores.performance,
      "points",
      { target: 1, better: "lower" },
    );
    const lcp = "largest-contentful-paint";
    report("largest-contentful-paint ratio, landing / empty page", landing.metrics[lcp] / emptyPage.metrics[lcp], "x", {
      target: 1.5,
      better: "lower",
    });
    report(
      "total-blocking-time, landing - empty page",
      landing.metrics["total-blocking-time"] - emptyPage.metrics["total-blocking-time"],
      "ms",
      { target: 50, better: "lower" },
    );
    report("cumulative-layout-shift, landing", landing.metrics["cumulative-layout-shift"], "", {
      target: 0,
      better: "lower",
    });
  } finally {
    empty.stop();
  }
}
