import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// What a security probe sends that no page of ours ever does: a body to a page, a server action's header. The
// answers come from the production build over real HTTP, from a server of this spec's own, whose log it reads.

const projectRoot = process.cwd();
const port = Number(process.env.E2E_PORT ?? 3200) + 6;
const baseUrl = `http://127.0.0.1:${port}`;

let server: ChildProcess;
let dataDir: string;
let log = "";

test.beforeAll(async () => {
  // A fresh embedded database opens slowly on a busy machine.
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "otto-probe-"));
  server = spawn(
    process.execPath,
    [path.join(projectRoot, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
        AUTH_SECRET: "e2e-secret-that-is-at-least-32-characters-long",
        PGLITE_DIR: path.join(dataDir, "db"),
        NEXT_PUBLIC_SITE_URL: baseUrl,
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 140_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("a page asked for with a body still carries the site's Content-Security-Policy", async () => {
  for (const pathname of ["/", "/admin", "/admin/login", "/privacy"]) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "anything=1",
      redirect: "manual",
    });
    const policy = response.headers.get("content-security-policy");
    expect(policy, `${pathname} (${response.status})`).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("'unsafe-inline' 'unsafe-eval'");
  }
  // As before, a page asked for without one gets the proxy's policy.
  const plain = await fetch(`${baseUrl}/admin/login`);
  expect(plain.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
});

test("a stray Next-Action header is refused quietly, with no error or stack trace in the log", async () => {
  const before = log.length;
  for (const pathname of ["/", "/admin/login"]) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: "POST",
      headers: { "next-action": "7f3a9c0de1b2", "content-type": "text/plain;charset=UTF-8" },
      body: "[]",
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "This site has no server actions." });
  }
  // The log has a moment to receive anything the requests caused.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const written = log.slice(before);
  expect(written).not.toMatch(/Server Action|\n\s+at /);
  expect(written).not.toMatch(/error/i);
});
