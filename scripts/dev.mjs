#!/usr/bin/env node
// `npm run dev`: the development server, then one request to /api/health as soon as it listens. That first
// use of the database opens (and migrates) the embedded database and prints the first admin's login, so
// they are ready before anyone visits.
//   npm run dev [-- next dev options]   (-p/--port or PORT picks the port; 3000 by default)
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const portFlag = args.findIndex((arg) => arg === "-p" || arg === "--port");
const port =
  (portFlag >= 0 ? args[portFlag + 1] : args.find((arg) => arg.startsWith("--port="))?.slice(7)) ??
  process.env.PORT ??
  "3000";

const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "dev", ...args], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const deadline = Date.now() + 120_000;
while (Date.now() < deadline && server.exitCode === null) {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(60_000) });
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
