#!/usr/bin/env node
// `npm test`: lint, typecheck, Jest (units and route handlers against a real database), the site as Vercel
// builds and runs it (scripts/vercel-check.mjs), then Playwright on that same build.
// Jest uses the embedded database, or PostgreSQL when TEST_DATABASE_URL is set.
//   --only=lint,format,typecheck,jest,vercel,e2e  runs a subset (e2e alone builds for itself).
import { spawnSync } from "node:child_process";

const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");

const steps = [
  ["lint", "node", ["node_modules/eslint/bin/eslint.js", "."]],
  ["format", "node", ["node_modules/prettier/bin/prettier.cjs", "--check", "."]],
  ["typecheck", "node", ["node_modules/typescript/bin/tsc", "--noEmit"]],
  [
    "jest",
    "node",
    ["--experimental-vm-modules", "--no-warnings=ExperimentalWarning", "node_modules/jest/bin/jest.js", "--ci"],
  ],
  ["vercel", "node", ["scripts/vercel-check.mjs"]],
  ["e2e", "node", ["scripts/e2e.mjs"]],
];
const ran = new Set();

for (const [name, command, args] of steps) {
  if (only && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // Vercel's build ran `npm run build` into .next: Playwright serves that very build rather than making another.
  const reuseBuild = name === "e2e" && ran.has("vercel") ? { E2E_SKIP_BUILD: "1" } : {};
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...reuseBuild },
  });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  ran.add(name);
  console.log(`=== ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}
