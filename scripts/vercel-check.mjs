#!/usr/bin/env node
// The site as Vercel ships it: builds with the Vercel CLI's own `vercel build` (pinned in package.json, run
// offline), then checks its output the way the platform would run it.
//   1. Without DATABASE_URL the build stops with an error that names it.
//   2. No function is over 20 MB (Vercel allows 250: every cold start loads what a function carries), and none
//      carries the embedded database (PGlite) or sharp, which Vercel never runs.
//   3. The proxy's function carries no database driver, PGlite, Prisma, email renderer or prettier.
//   4. The proxy, run from its own files alone (copied into an empty folder), answers every prerendered page
//      with a policy that allows every inline script of the HTML Vercel serves for it, by hash.
//   5. A route function (the signup's), run from its own files alone against a real PostgreSQL, loads and
//      answers a signup with 201 and the count with 200; its cold start (process start to that 201) is printed.
//      VERCEL_CHECK_DATABASE_URL names the server (default: the local one); without one reachable, it says so.
//   node scripts/vercel-check.mjs [--skip-build]   (--skip-build checks the last .vercel/output again)
// `npm test` runs it before Playwright, which then serves the very build it checked.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const root = process.cwd();
const output = path.join(root, ".vercel", "output");
const functionsDir = path.join(output, "functions");
const FUNCTION_LIMIT_BYTES = 20 * 1024 * 1024;
// What no function may carry on Vercel: the embedded database and its adapter (DATABASE_URL is required
// there) and sharp's image library (Vercel resizes images itself).
const FORBIDDEN_IN_FUNCTIONS = /(^|\/)node_modules\/(@electric-sql\/[^/]+|pglite-prisma-adapter|sharp|@img\/[^/]+)\//;
// What the proxy must never carry: it needs no database and renders no email.
const FORBIDDEN_IN_PROXY =
  /(^|\/)node_modules\/(pg|pg-[^/]+|@electric-sql\/[^/]+|@prisma\/[^/]+|prisma|pglite-prisma-adapter|prettier|nodemailer|@react-email\/[^/]+|bcryptjs)\//;
// A stand-in for the variables a Vercel project sets; nothing connects to this database during the check.
const PLACEHOLDER_DATABASE_URL = "postgresql://vercel-check@127.0.0.1:5432/unused";
const vercelCli = path.join(root, "node_modules", "vercel", "dist", "vc.js");

const failures = [];
const fail = (message) => {
  failures.push(message);
  console.error(`  ✗ ${message}`);
};
const pass = (message) => console.log(`  ✓ ${message}`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ensureProjectSettings() {
  // Offline, `vercel build` reads the project's settings from here instead of asking Vercel for them.
  const file = path.join(root, ".vercel", "project.json");
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const settings = {
    framework: "nextjs",
    installCommand: "true",
    buildCommand: null,
    outputDirectory: null,
    devCommand: null,
    rootDirectory: null,
  };
  writeFileSync(file, `${JSON.stringify({ projectId: "prj_local", orgId: "team_local", settings }, null, 2)}\n`);
}

function vercelBuild(extraEnv) {
  const env = { ...process.env, VERCEL_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1", ...extraEnv };
  for (const [key, value] of Object.entries(extraEnv)) if (value === undefined) delete env[key];
  return spawnSync(process.execPath, [vercelCli, "build", "--yes"], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The base64 SHA-256 of each inline script a browser would run (written apart from the app's own, to check it). */
function inlineScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (type && !/^(text\/javascript|application\/javascript|module)$/i.test(type)) continue;
    scripts.push(
      createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64"),
    );
  }
  return scripts;
}

function walk(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.endsWith(".func")) walk(full, found);
    else found.push(full);
  }
  return found;
}

/** A function's files: those it maps from the project (`filePathMap`) and those in its own folder. */
function functionFiles(funcDir) {
  const config = JSON.parse(readFileSync(path.join(funcDir, ".vc-config.json"), "utf8"));
  const files = new Map(Object.entries(config.filePathMap ?? {}).map(([to, from]) => [to, path.resolve(root, from)]));
  for (const file of readdirSync(funcDir, { recursive: true, encoding: "utf8" })) {
    const full = path.join(funcDir, file);
    if (statSync(full).isFile()) files.set(file, full);
  }
  return { config, files };
}

function sizeOf(files) {
  let bytes = 0;
  for (const from of files.values()) bytes += statSync(from).size;
  return bytes;
}

// 1. Without DATABASE_URL, the build must stop and say which variable is missing.
const skipBuild = process.argv.includes("--skip-build");
ensureProjectSettings();
if (!skipBuild) {
  console.log("[vercel] vercel build without DATABASE_URL (it must refuse, naming the variable)...");
  const refused = vercelBuild({ DATABASE_URL: undefined });
  const said = `${refused.stdout}\n${refused.stderr}`;
  if (refused.status !== 0 && /DATABASE_URL is not set/.test(said)) pass("the build stops, naming DATABASE_URL");
  else
    fail(
      `vercel build without DATABASE_URL ${refused.status === 0 ? "succeeded" : "failed without naming DATABASE_URL"}:\n${said.slice(-2000)}`,
    );

  console.log("[vercel] vercel build...");
  const started = Date.now();
  const built = vercelBuild({ DATABASE_URL: process.env.DATABASE_URL || PLACEHOLDER_DATABASE_URL });
  if (built.status !== 0) {
    console.error(`${built.stdout}\n${built.stderr}`);
    console.error("[vercel] vercel build failed.");
    process.exit(1);
  }
  console.log(`[vercel] built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
if (!existsSync(functionsDir)) {
  console.error("[vercel] No .vercel/output: run without --skip-build first.");
  process.exit(1);
}

// 2. Every function within Vercel's size limit.
console.log("[vercel] function sizes");
const funcDirs = walk(functionsDir).filter((file) => file.endsWith(".func") && !statSync(file).isFile());
let largest = { name: "", bytes: 0 };
const carrying = [];
for (const funcDir of funcDirs) {
  const { files } = functionFiles(funcDir);
  const bytes = sizeOf(files);
  const name = path.relative(functionsDir, funcDir);
  if (bytes > largest.bytes) largest = { name, bytes };
  if (bytes > FUNCTION_LIMIT_BYTES) fail(`${name} is ${mb(bytes)}, over ${mb(FUNCTION_LIMIT_BYTES)}`);
  const forbidden = [...files.keys()].find((file) => FORBIDDEN_IN_FUNCTIONS.test(file));
  if (forbidden) carrying.push(`${name} (${forbidden})`);
}
pass(
  `${funcDirs.length} functions, the largest ${largest.name} at ${mb(largest.bytes)} (limit ${mb(FUNCTION_LIMIT_BYTES)})`,
);
if (carrying.length > 0)
  fail(`${carrying.length} functions carry PGlite or sharp, such as ${carrying.slice(0, 3).join(", ")}`);
else pass("no function carries PGlite or sharp");
writeFileSync(
  path.join(output, "function-sizes.json"),
  `${JSON.stringify({ functions: funcDirs.length, largest: largest.name, largestBytes: largest.bytes }, null, 2)}\n`,
);

// 3. A lean proxy.
console.log("[vercel] the proxy's function (_middleware.func)");
const proxyDir = path.join(functionsDir, "_middleware.func");
const proxy = functionFiles(proxyDir);
const proxyBytes = sizeOf(proxy.files);
const heavy = [...proxy.files.keys()].filter((file) => FORBIDDEN_IN_PROXY.test(file));
if (heavy.length > 0)
  fail(`the proxy carries ${heavy.length} files it must not, such as ${heavy.slice(0, 5).join(", ")}`);
else
  pass(`${proxy.files.size} files, ${mb(proxyBytes)}, no database driver, PGlite, Prisma, email renderer or prettier`);
const hashesFile = [...proxy.files.keys()].find((file) => file.endsWith("/server/static-script-hashes.json"));
if (hashesFile) pass(`it ships ${hashesFile}`);
else
  fail("it does not ship static-script-hashes.json: prerendered pages would fall back to allowing any inline script");
writeFileSync(
  path.join(output, "proxy-bundle.json"),
  `${JSON.stringify({ files: proxy.files.size, bytes: proxyBytes }, null, 2)}\n`,
);

// 4. The proxy from its own files alone, for every page Vercel serves prerendered.
const pages = walk(functionsDir)
  .filter((file) => file.endsWith(".prerender-fallback.html"))
  .map((file) => {
    const name = path.relative(functionsDir, file).replace(/\.prerender-fallback\.html$/, "");
    // The not-found page is served for any unknown address; the global error page in place of any page.
    const route =
      name === "index" || name === "_global-error"
        ? "/"
        : name === "_not-found"
          ? "/vercel-check-no-such-page"
          : `/${name}`;
    return { name, route, scripts: inlineScripts(readFileSync(file, "utf8")) };
  });
if (pages.length === 0) fail("no prerendered pages found in .vercel/output");

const sandbox = mkdtempSync(path.join(os.tmpdir(), "otto-vercel-proxy-"));
for (const [to, from] of proxy.files) {
  mkdirSync(path.dirname(path.join(sandbox, to)), { recursive: true });
  cpSync(from, path.join(sandbox, to));
}
const probe = `
const launcher = require(${JSON.stringify(path.join(sandbox, proxy.config.handler))});
const serve = typeof launcher === "function" ? launcher : launcher.serve;
(async () => {
  const answers = {};
  for (const route of ${JSON.stringify([...new Set(pages.map((page) => page.route))])}) {
    const response = await serve(new Request("https://otto.example" + route, { headers: { accept: "text/html" } }));
    answers[route] = { status: response.status, csp: response.headers.get("content-security-policy") };
  }
  process.stdout.write("\\n@@" + JSON.stringify(answers));
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });`;
const ran = spawnSync(process.execPath, ["-e", probe], {
  cwd: sandbox,
  encoding: "utf8",
  // What a Vercel deployment of this project has: its own variables, and Vercel's.
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    VERCEL: "1",
    AUTH_SECRET: "vercel-check-secret-that-is-at-least-32-characters",
    DATABASE_URL: PLACEHOLDER_DATABASE_URL,
  },
});
rmSync(sandbox, { recursive: true, force: true });
const answers = ran.status === 0 ? JSON.parse(ran.stdout.slice(ran.stdout.lastIndexOf("@@") + 2)) : null;
console.log(`[vercel] the proxy from its own ${proxy.files.size} files, for each prerendered page`);
if (!answers) fail(`the proxy could not be run from its own files:\n${ran.stdout}\n${ran.stderr}`);
for (const page of answers ? pages : []) {
  const csp = answers[page.route]?.csp ?? "";
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
  const blocked = page.scripts.filter((hash) => !scriptSrc.includes(`'sha256-${hash}'`));
  if (!csp) fail(`${page.name} (${page.route}): no Content-Security-Policy`);
  else if (scriptSrc.some((source) => source.startsWith("'nonce-")))
    fail(
      `${page.name} (${page.route}): a nonce policy for a page whose scripts carry no nonce: every one of its ${page.scripts.length} inline scripts is blocked`,
    );
  else if (scriptSrc.includes("'unsafe-inline'"))
    fail(`${page.name} (${page.route}): the fallback policy ('unsafe-inline'), not the hashes of its scripts`);
  else if (blocked.length > 0)
    fail(
      `${page.name} (${page.route}): ${blocked.length} of its ${page.scripts.length} inline scripts are not allowed by the policy`,
    );
  else pass(`${page.name} (${page.route}): all ${page.scripts.length} inline scripts allowed by hash`);
}

// 5. The signup's function from its own files alone, on a real PostgreSQL (Vercel never opens the embedded
// database, and ships none of it): it must load, store a signup and count it.
await checkSignupFunction();

async function checkSignupFunction() {
  const url = process.env.VERCEL_CHECK_DATABASE_URL || "postgresql://root@127.0.0.1:5432/test";
  console.log("[vercel] the signup's function from its own files, on PostgreSQL");
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    console.log(`  - skipped: no PostgreSQL at ${url.replace(/\/\/[^@]*@/, "//")} (set VERCEL_CHECK_DATABASE_URL)`);
    return;
  }
  const schema = `vercel_check_${process.pid}_${Date.now().toString(36)}`;
  const sandbox = mkdtempSync(path.join(os.tmpdir(), "otto-vercel-function-"));
  try {
    const migrated = spawnSync(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-migrate.ts"],
      { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schema } },
    );
    if (migrated.status !== 0) return fail(`could not migrate a schema for the check:\n${migrated.stderr}`);
    const funcDir = realpathSync(path.join(functionsDir, "api", "waitlist.func"));
    const { config, files } = functionFiles(funcDir);
    for (const [to, from] of files) {
      mkdirSync(path.dirname(path.join(sandbox, to)), { recursive: true });
      cpSync(from, path.join(sandbox, to));
    }
    const probe = `
const http = require("node:http");
const handler = require(${JSON.stringify(path.join(sandbox, config.handler))});
const server = http.createServer((request, response) => handler(request, response));
server.listen(0, "127.0.0.1", async () => {
  const base = "http://127.0.0.1:" + server.address().port;
  const headers = { "content-type": "application/json", "x-vercel-forwarded-for": "203.0.113.7" };
  const body = JSON.stringify({ name: "Vercel Check", email: "vercel-check@example.com", businessType: "trades", employees: "2-5", agreedToTerms: true });
  const signup = await fetch(base + "/api/waitlist", { method: "POST", headers, body });
  // performance.now() counts from the process's start: the cold start as a first visitor meets it.
  const coldMs = performance.now();
  const count = await fetch(base + "/api/waitlist/count", { headers });
  process.stdout.write("\\n@@" + JSON.stringify({ signup: signup.status, coldMs, count: count.status, counted: (await count.json().catch(() => null))?.count }));
  process.exit(0);
});`;
    const ran = spawnSync(process.execPath, ["-e", probe], {
      cwd: sandbox,
      encoding: "utf8",
      timeout: 120_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        VERCEL: "1",
        AUTH_SECRET: "vercel-check-secret-that-is-at-least-32-characters",
        DATABASE_URL: url,
        DATABASE_SCHEMA: schema,
        // The proof of work is the signup route's own business, tested elsewhere; this is whether it runs.
        SIGNUP_CHALLENGE: "off",
      },
    });
    const answer = ran.stdout.includes("@@") ? JSON.parse(ran.stdout.slice(ran.stdout.lastIndexOf("@@") + 2)) : null;
    if (!answer) fail(`the signup's function could not be run from its own files:\n${ran.stderr.slice(-3000)}`);
    else if (answer.signup !== 201 || answer.count !== 200 || answer.counted !== 1)
      fail(
        `the signup's function answered ${answer.signup} to a signup and ${answer.count} (count ${answer.counted}) to the count:\n${ran.stderr.slice(-3000)}`,
      );
    else
      pass(
        `a signup answered 201 and the count 1, from ${files.size} files; cold start (process start to the 201) ${Math.round(answer.coldMs)} ms`,
      );
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

if (failures.length > 0) {
  console.error(`\n[vercel] ${failures.length} problem(s) with the site as Vercel would run it.`);
  process.exit(1);
}
console.log("\n[vercel] the site runs on Vercel as it runs here.");
