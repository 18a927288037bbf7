#!/usr/bin/env node
// Playwright against a production build, in Debian's chromium.
//   npm run test:e2e [-- playwright args]   E2E_SKIP_BUILD=1 reuses the last build; NEXT_DIST_DIR and E2E_PORT pick its folder and ports.
//   E2E_DATABASE_URL=postgresql://... serves the main server from a fresh, migrated schema of that database
//   (with E2E_DATABASE_FRESH=1, from a fresh database of that server instead: for a URL naming a pooler).
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

// E2E_DATABASE_FRESH=1: a database of its own (created and dropped here) rather than a schema, served from its
// public schema. A transaction pooler cannot keep a session's search_path, so this is how the site is tested
// through one (E2E_DATABASE_URL naming the pooler), as it runs on Vercel with Neon or Supabase.
const fresh = process.env.E2E_DATABASE_FRESH === "1";
let schema;
let database;
const adminClient = async () => {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  return client;
};
if (process.env.E2E_DATABASE_URL) {
  let target = { DATABASE_URL: process.env.E2E_DATABASE_URL };
  if (fresh) {
    database = `e2e_${runId}`.toLowerCase();
    const client = await adminClient();
    await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
    const url = new URL(process.env.E2E_DATABASE_URL);
    url.pathname = `/${database}`;
    env.E2E_DATABASE_URL = url.toString();
    env.E2E_DATABASE_SCHEMA = "";
    target = { DATABASE_URL: env.E2E_DATABASE_URL, DATABASE_SCHEMA: "" };
    console.log(`[e2e] Migrating PostgreSQL database ${database}...`);
  } else {
    schema = `e2e_${runId}`.toLowerCase();
    env.E2E_DATABASE_SCHEMA = schema;
    target.DATABASE_SCHEMA = schema;
    console.log(`[e2e] Migrating PostgreSQL schema ${schema}...`);
  }
  const migrated = run(
    "node",
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-migrate.ts"],
    target,
  );
  if (migrated !== 0) process.exit(migrated);
}

const status = run("node", ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], env);

if (schema || database) {
  const client = await adminClient();
  if (schema) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  if (database) await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.end();
}

// Each run used fresh embedded databases; remove them.
for (const name of ["main", "bare"]) {
  rmSync(path.join(os.tmpdir(), `otto-e2e-${runId}-${name}`), { recursive: true, force: true });
}
process.exit(status);
