// Sending at scale: 10,000 invitations through a slow mail server that refuses bursts, drained by the cron
// route within its time budget. The work is scripts/bench/email-drain.ts, which runs in a process of its own
// on a schema of its own (it needs no built server); this module reports its figures with the others.
// Quicker alone, without the build: node node_modules/tsx/dist/cli.mjs scripts/bench/email-drain.ts
import { spawn } from "node:child_process";

export default async function emailDrain({ databaseUrl, report }) {
  const child = spawn("node", ["node_modules/tsx/dist/cli.mjs", "scripts/bench/email-drain.ts"], {
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
  if (code !== 0 || !result) throw new Error(`scripts/bench/email-drain.ts failed (exit ${code})`);
  report(`invitation request (${result.entries} invited)`, result.invitationMs, "ms");
  report(
    `drain time (${result.delayMs} ms a message, refused past ${result.perSecond} a second)`,
    result.drainMs / 1000,
    "s",
  );
  report("longest cron call", result.longestCronMs / 1000, "s");
  report("cron calls", result.cronCalls);
  report("messages refused by the server", result.refused);
}
