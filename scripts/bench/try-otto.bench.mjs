// The live demo's gates under load, against e2e/support/fake-openai.mjs (which counts the calls it gets): a second
// server from the same build, with an AI key and a day's budget of exactly BUDGET_CALLS worst-case calls, takes
// ATTEMPTS parallel requests from as many networks, each with a valid proof of work. While they run, the day's row
// is read every few milliseconds: spent + reserved must never pass the budget. Then attempts without a proof, over
// a network's daily limit and over the spent budget, each of which must reach the model zero times. Last, the cost
// of one three-turn conversation at the default model's price, from the token counts the provider reports.
import { spawn, spawnSync } from "node:child_process";
import { startFakeOpenAI } from "../../e2e/support/fake-openai.mjs";
import { solvedProofs } from "./proofs.mjs";

const ATTEMPTS = Number(process.env.BENCH_TRY_OTTO_ATTEMPTS ?? 1000);
const BUDGET_CALLS = 50;
const MESSAGE = "quote for a boiler service for Mrs Patel, £95";
const NANOS_PER_USD = 1e9;

function worstCase(message) {
  const result = spawnSync(
    "node",
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/bench/try-otto-cost.ts", message],
    { encoding: "utf8", env: { ...process.env, OPENAI_API_KEY: "test-key" } },
  );
  if (result.status !== 0) throw new Error(`try-otto-cost failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

async function startServer(port, env) {
  const child = spawn("node", ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once("exit", () => (exited = true));
  for (let i = 0; i < 150 && !exited; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("the try-otto server did not start");
}

let network = 0;
/** A client address on a network no earlier attempt used (the per-network limit keys IPv4 by address). */
const freshAddress = () => {
  network += 1;
  return `10.${(network >> 16) & 0xff}.${(network >> 8) & 0xff}.${network & 0xff}`;
};

/** One attempt; resolves to the answer's final event (or the status when it was refused outright). */
async function attempt(url, body, address = freshAddress()) {
  try {
    const response = await fetch(`${url}/api/try-otto`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) return { status: response.status };
    const events = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    return { status: 200, final: events.find((event) => event.type === "final"), done: events.at(-1) };
  } catch (error) {
    // Counted as "other" in the report: the figures that matter are what the server reserved and spent.
    return { status: 0, error: error instanceof Error ? (error.cause?.code ?? error.message) : String(error) };
  }
}

export default async function bench({ report, databaseUrl, schema, pg, distDir, authSecret, challengeSecret }) {
  const fake = await startFakeOpenAI();
  const cost = worstCase(MESSAGE);
  const budgetNanos = BUDGET_CALLS * cost.worstCaseNanos;
  const port = Number(process.env.BENCH_PORT ?? 3900) + 1;
  const { child, url } = await startServer(port, {
    NEXT_DIST_DIR: distDir,
    AUTH_SECRET: authSecret,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    DATABASE_POOL_MAX: "10",
    TRUSTED_PROXY_HOPS: "1",
    SIGNUP_CHALLENGE_SECRET: challengeSecret,
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fake.url,
    TRY_OTTO_DAILY_BUDGET_USD: (budgetNanos / NANOS_PER_USD).toFixed(9),
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`SET search_path TO "${schema}"`);
  const today = async () =>
    (
      await db.query(
        `SELECT "calls", "conversations", "reservedNanos"::float8 AS reserved, "spentNanos"::float8 AS spent,
           "inputTokens"::float8 AS input, "outputTokens"::float8 AS output,
           "refusedProof", "refusedNetwork", "refusedBudget"
         FROM "try_otto_days" WHERE "day" = (now() AT TIME ZONE 'UTC')::date`,
      )
    ).rows[0];
  try {
    report(
      "model, worst case per call",
      `${cost.model}, ${cost.maxInputTokens} in + ${cost.maxOutputTokens} out`,
      "tokens",
    );
    report("worst case per call", cost.worstCaseNanos / 1000, "µ$");
    report("day's budget", `${BUDGET_CALLS} worst-case calls = ${(budgetNanos / NANOS_PER_USD).toFixed(6)}`, "$");

    // 1. ATTEMPTS in parallel, each from its own network with a valid proof; the row watched meanwhile.
    const proofs = await solvedProofs(ATTEMPTS, challengeSecret);
    const callsBefore = fake.tryOttoCalls();
    let watching = true;
    let highest = 0;
    let highestReserved = 0;
    const watcher = (async () => {
      while (watching) {
        const row = await today();
        if (row) {
          highest = Math.max(highest, row.spent + row.reserved);
          highestReserved = Math.max(highestReserved, row.reserved);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    let results;
    try {
      results = await Promise.all(proofs.map((altcha) => attempt(url, { message: MESSAGE, altcha })));
    } finally {
      watching = false;
      await watcher;
    }
    const seconds = (performance.now() - started) / 1000;
    const errors = [...new Set(results.filter((result) => result.error).map((result) => result.error))];
    if (errors.length) report("attempts the client could not complete (why)", errors.join(", "));
    const after = await today();
    const calls = fake.tryOttoCalls() - callsBefore;
    const live = results.filter((result) => result.final && !result.final.notice).length;
    const scripted = results.filter((result) => result.final?.notice).length;
    report(
      `${ATTEMPTS} parallel attempts: live answers / scripted answers / other`,
      `${live} / ${scripted} / ${ATTEMPTS - live - scripted}`,
    );
    report("model calls made", calls, "calls");
    report("highest spent + reserved seen, share of the budget", Math.round((highest / budgetNanos) * 1000) / 10, "%", {
      target: 100,
      better: "lower",
    });
    report("highest reserved seen", Math.round(highestReserved / cost.worstCaseNanos), "worst-case calls");
    report("settled: spent, share of the budget", Math.round((after.spent / budgetNanos) * 1000) / 10, "%", {
      target: 100,
      better: "lower",
    });
    report("left reserved after settling", after.reserved, "n$", { target: 0, better: "lower" });
    report("wall time", Math.round(seconds * 10) / 10, "s");
    if (after.spent > budgetNanos || highest > budgetNanos) throw new Error("the live demo spent past its budget");
    if (calls !== after.calls) throw new Error(`the fake got ${calls} calls, the day counts ${after.calls}`);

    // 2. No proof, over a network's limit, over the budget: zero calls each.
    const noProof = fake.tryOttoCalls();
    await Promise.all(Array.from({ length: 100 }, () => attempt(url, { message: MESSAGE })));
    report("model calls from 100 attempts without a proof", fake.tryOttoCalls() - noProof, "calls", {
      target: 0,
      better: "lower",
    });

    const overBudget = fake.tryOttoCalls();
    const spentOut = await Promise.all(
      (await solvedProofs(50, challengeSecret)).map((altcha) => attempt(url, { message: MESSAGE, altcha })),
    );
    report(
      "model calls from 50 attempts with the budget spent (scripted answers)",
      `${fake.tryOttoCalls() - overBudget} (${spentOut.filter((result) => result.final?.notice).length})`,
      "calls",
    );

    // A fresh day's budget for the rest: the row is cleared, as midnight would.
    await db.query(`DELETE FROM "try_otto_days"`);
    const address = freshAddress();
    const quotaProofs = await solvedProofs(23, challengeSecret);
    for (const altcha of quotaProofs.slice(0, 3)) await attempt(url, { message: MESSAGE, altcha }, address);
    const overQuota = fake.tryOttoCalls();
    await Promise.all(quotaProofs.slice(3).map((altcha) => attempt(url, { message: MESSAGE, altcha }, address)));
    report("model calls from 20 attempts over a network's 3 a day", fake.tryOttoCalls() - overQuota, "calls", {
      target: 0,
      better: "lower",
    });

    // 3. One three-turn conversation, priced from the token counts the provider reported.
    await db.query(`DELETE FROM "try_otto_days"`);
    const turnProofs = await solvedProofs(3, challengeSecret);
    const conversationAddress = freshAddress();
    let history = [];
    let ticket;
    for (const [index, altcha] of turnProofs.entries()) {
      const ask =
        index === 0
          ? MESSAGE
          : index === 1
            ? "Make it £110 and add a magnetic filter clean for £40"
            : "Now remind her tomorrow";
      const result = await attempt(url, { message: ask, history, conversation: ticket, altcha }, conversationAddress);
      history = [...history, { ask, reply: result.final.reply }];
      ticket = result.done.conversation ?? undefined;
    }
    const conversation = await today();
    report(
      "one 3-turn conversation: tokens in / out (fake's counts)",
      `${conversation.input} / ${conversation.output}`,
      "tokens",
    );
    report(`one 3-turn conversation at ${cost.model}'s price`, Math.round(conversation.spent / 1000) / 1000, "m$");
  } finally {
    await db.end();
    child.kill();
    await fake.close();
  }
}
