#!/usr/bin/env node
// Playwright against a production build, in Debian's chromium.
//   npm run test:e2e [-- playwright args]   E2E_SKIP_BUILD=1 reuses the last build; NEXT_DIST_DIR and E2E_PORT pick its folder and ports.
//   E2E_DATABASE_URL=postgresql://... serves the main server from a fresh, migrated schema of that database.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureBrowser() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("[e2e] Installing Debian's chromium (Playwright cannot download its own browser here)...");
    if (
      run("apt-get", ["update", "-qq"]) === 0 &&
      run("apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" }) === 0 &&
      existsSync(chromium)
    )
      return;
  }
  console.error(
    `[e2e] No browser at ${chromium}: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

ensureBrowser();

const runId = `${Date.now().toString(36)}${process.pid}`;
const env = { E2E_RUN_ID: runId, NEXT_TELEMETRY_DISABLED: "1" };

if (!process.env.E2E_SKIP_BUILD) {
  console.log(`[e2e] Building the production app into ${process.env.NEXT_DIST_DIR ?? ".next"}...`);
  const status = run("node", ["scripts/build.mjs"], {
    ...env,
    NODE_ENV: "production",
    AUTH_SECRET: "e2e-secret-that-is-at-least-32-characters-long",
  });
  if (status !== 0) process.exit(status);
}

let schema;
if (process.env.E2E_DATABASE_URL) {
  schema = `e2e_${runId}`.toLowerCase();
  env.E2E_DATABASE_SCHEMA = schema;
  console.log(`[e2e] Migrating PostgreSQL schema ${schema}...`);
  const migrated = run(
    "node",
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-migrate.ts"],
    {
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      DATABASE_SCHEMA: schema,
    },
  );
  if (migrated !== 0) process.exit(migrated);
}

const status = run("node", ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], env);

if (schema) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

// Each run used fresh embedded databases; remove them.
for (const name of ["main", "bare"]) {
  rmSync(path.join(os.tmpdir(), `otto-e2e-${runId}-${name}`), { recursive: true, force: true });
}
process.exit(status);
