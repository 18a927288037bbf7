#!/usr/bin/env node
// `npm run build` (Vercel runs it too): `next build`, then the hashes of the prerendered pages' inline scripts
// written beside the proxy (scripts/build/static-script-hashes.ts), which the pages' CSP is made of.
import { spawnSync } from "node:child_process";

for (const args of [
  ["node_modules/next/dist/bin/next", "build", ...process.argv.slice(2)],
  ["node_modules/tsx/dist/cli.mjs", "scripts/build/static-script-hashes.ts"],
]) {
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
