#!/usr/bin/env node
// The site as Vercel ships it: builds with the Vercel CLI's own `vercel build` (pinned in package.json, run
// offline), then checks its output the way the platform would run it.
//   1. Without DATABASE_URL the build stops with an error that names it.
//   2. No function is over Vercel's 250 MB limit.
//   3. The proxy's function carries no database driver, PGlite, Prisma, email renderer or prettier.
//   4. The proxy, run from its own files alone (copied into an empty folder), answers every prerendered page
//      with a policy that allows every inline script of the HTML Vercel serves for it, by hash.
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
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

const root = process.cwd();
const output = path.join(root, ".vercel", "output");
const functionsDir = path.join(output, "functions");
const FUNCTION_LIMIT_BYTES = 250 * 1024 * 1024;
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
for (const funcDir of funcDirs) {
  const bytes = sizeOf(functionFiles(funcDir).files);
  const name = path.relative(functionsDir, funcDir);
  if (bytes > largest.bytes) largest = { name, bytes };
  if (bytes > FUNCTION_LIMIT_BYTES) fail(`${name} is ${mb(bytes)}, over Vercel's 250 MB`);
}
pass(`${funcDirs.length} functions, the largest ${largest.name} at ${mb(largest.bytes)} (limit 250 MB)`);

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

if (failures.length > 0) {
  console.error(`\n[vercel] ${failures.length} problem(s) with the site as Vercel would run it.`);
  process.exit(1);
}
console.log("\n[vercel] the site runs on Vercel as it runs here.");
