// A broadcast of 10,000 delivered by two app instances sweeping at once, through a mail server that takes
// 200 ms a message and refuses past 10 a second. The work is scripts/bench/broadcast-delivery.ts, in processes
// of its own on a schema of its own (it needs no built server); this module reports its figures with the
// others. At 10 a second, 10,000 take over 17 minutes: BENCH_DELIVERY_COUNT makes it shorter.
// Quicker alone, without the build: node node_modules/tsx/dist/cli.mjs scripts/bench/broadcast-delivery.ts
import { spawn } from "node:child_process";

export default async function broadcastDelivery({ databaseUrl, report }) {
  const child = spawn("node", ["node_modules/tsx/dist/cli.mjs", "scripts/bench/broadcast-delivery.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
  });
  let result;
  let rest = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("BENCH_RESULT ")) result = JSON.parse(line.slice("BENCH_RESULT ".length));
      else console.log(line);
    }
  });
  const code = await new Promise((resolve) => child.on("close", resolve));
  if (code !== 0 || !result) throw new Error(`scripts/bench/broadcast-delivery.ts failed (exit ${code})`);
  const scenario = `${result.instances} instances at ${result.rate}/s each, ${result.delayMs} ms a message, refused past ${result.perSecond}/s`;
  console.log(`  ${scenario}`);
  report(`delivered of ${result.count}`, result.arrived, "emails", { target: result.count, better: "higher" });
  report("duplicates at the mail server (by Message-ID)", result.duplicateMessageIds, "", {
    target: 0,
    better: "lower",
  });
  report("duplicates at the mail server (by recipient)", result.duplicateRecipients, "", {
    target: 0,
    better: "lower",
  });
  report("failed (given up)", result.failed, "", { target: 0, better: "lower" });
  report("refused by the mail server", result.refused);
  report("retries", result.retries);
  report("sweeps over their budget", result.sweepsOverBudget, "", { target: 0, better: "lower" });
  report("longest sweep", result.longestSweepMs / 1000, "s", { target: result.sweepBudgetMs / 1000, better: "lower" });
  report("total time", result.totalMs / 1000, "s");
  // The floor is the mail server's own limit: no sender can do better than count / its rate.
  report("total time / floor (count / the server's rate)", result.totalMs / result.floorMs, "x");
}
