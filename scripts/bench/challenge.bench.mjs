// The signup challenge's cost to a person: the `altcha` widget's own solver (its lib build, on the page's main
// thread, no workers: the slowest way it solves) working out challenges made the way lib/challenge/altcha.ts
// makes them (altcha-lib, SHA-256, one round), in Chromium at full speed and with the CPU throttled 4x (a
// phone-class CPU, as Lighthouse simulates). The counter the server picks lies between half the maximum and
// the maximum, so both ends are timed. Target: the hardest challenge solved in about a second at most at 4x.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "@playwright/test";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

const RUNS = Number(process.env.BENCH_CHALLENGE_RUNS ?? 7);
const root = process.cwd();

/** The difficulty the server uses, read from its one definition. */
function maxCounter() {
  const source = readFileSync(path.join(root, "lib", "challenge", "altcha.ts"), "utf8");
  const match = /export const CHALLENGE_MAX_COUNTER = ([\d_]+);/.exec(source);
  if (!match) throw new Error("CHALLENGE_MAX_COUNTER not found in lib/challenge/altcha.ts");
  return Number(match[1].replaceAll("_", ""));
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>challenge</title><script type="module">
import { solveChallenge, sha } from "/altcha.js";
window.solveOnce = async (challenge) => {
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey });
  return { ms: performance.now() - started, counter: solution ? solution.counter : null };
};
window.ready = true;
</script>`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export default async function bench({ report }) {
  const widget = readFileSync(path.join(root, "node_modules", "altcha", "dist", "lib", "index.js"));
  // Served from localhost: Web Crypto, which the solver uses, exists only in a secure context.
  const server = http.createServer((request, response) => {
    const script = request.url === "/altcha.js";
    response.setHeader("content-type", script ? "text/javascript" : "text/html");
    response.end(script ? widget : PAGE);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.ready === true);
    const cdp = await page.context().newCDPSession(page);
    const max = maxCounter();
    report("difficulty (CHALLENGE_MAX_COUNTER)", max, "tries at most");
    for (const rate of [1, 4]) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      for (const counter of [Math.floor(max / 2), max]) {
        const times = [];
        for (let run = 0; run < RUNS; run++) {
          const challenge = await createChallenge({
            algorithm: "SHA-256",
            cost: 1,
            counter,
            deriveKey,
            expiresAt: new Date(Date.now() + 10 * 60 * 1000),
            hmacSignatureSecret: "bench",
          });
          const solved = await page.evaluate((c) => window.solveOnce(c), JSON.parse(JSON.stringify(challenge)));
          if (solved.counter !== counter) throw new Error(`the widget found ${solved.counter}, not ${counter}`);
          times.push(solved.ms);
        }
        times.sort((a, b) => a - b);
        report(
          `solve time, CPU ${rate === 1 ? "at full speed" : `throttled ${rate}x`}, ${counter.toLocaleString("en")} tries: p50 / max`,
          `${percentile(times, 50).toFixed(0)} / ${times.at(-1).toFixed(0)}`,
          "ms",
        );
      }
    }
    report("target", "the hardest challenge in about a second at most, throttled 4x");
  } finally {
    await browser.close();
    server.close();
  }
}
