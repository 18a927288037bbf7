import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

import {
  expectInlineScriptsAllowedByHash,
  expectLandingPageWorks,
  recordCspViolations,
} from "@/e2e/support/static-page";

// The production server as a platform may start it, and the proxy's answers to addresses and bodies that
// must never reach the framework. Each check goes through real HTTP to the production build.

const projectRoot = process.cwd();
const otherPort = Number(process.env.E2E_PORT ?? 3200) + 3;
const otherUrl = `http://127.0.0.1:${otherPort}`;

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy");
}

test.describe("started from another working directory", () => {
  let server: ChildProcess;
  let cwd: string;
  let dataDir: string;

  test.beforeAll(async () => {
    cwd = mkdtempSync(path.join(os.tmpdir(), "otto-elsewhere-"));
    dataDir = mkdtempSync(path.join(os.tmpdir(), "otto-elsewhere-data-"));
    // `next start /path/to/project` from a folder that is not the project: nothing may depend on the working directory.
    server = spawn(
      process.execPath,
      [
        path.join(projectRoot, "node_modules/next/dist/bin/next"),
        "start",
        projectRoot,
        "-p",
        String(otherPort),
        "-H",
        "127.0.0.1",
      ],
      {
        cwd,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
          AUTH_SECRET: "e2e-secret-that-is-at-least-32-characters-long",
          PGLITE_DIR: path.join(dataDir, "db"),
          NEXT_PUBLIC_SITE_URL: otherUrl,
          NEXT_TELEMETRY_DISABLED: "1",
        },
        stdio: "ignore",
      },
    );
    await waitForHealth(otherUrl, server);
  });

  test.afterAll(async () => {
    // Its database folder is removed once the server has let go of it: once it has exited.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(cwd, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the landing page's policy allows its scripts by hash: no CSP violation, and the demos, form and count work", async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const response = await page.goto(`${otherUrl}/`);
    await expectInlineScriptsAllowedByHash(page, response!.headers()["content-security-policy"] ?? "");
    await expectLandingPageWorks(page);
    expect(violations).toEqual([]);
  });
});

/** A raw request, so the test decides exactly what is declared and what is sent. */
function rawRequest(
  options: http.RequestOptions,
  body?: (request: http.ClientRequest) => void,
): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: Number(process.env.E2E_PORT ?? 3200), ...options },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, ms: Date.now() - started }));
      },
    );
    request.on("error", reject);
    request.setTimeout(20_000, () => request.destroy(new Error("no answer within 20 s")));
    if (body) body(request);
    else request.end();
  });
}

test.describe("the proxy's own answers", () => {
  test("an API address that does not decode (%ff) is a 400 with a message, on every dynamic route and method, never a 500", async ({
    request,
  }) => {
    const paths = [
      "/api/admin/webhooks/%ff",
      "/api/admin/webhooks/%ff/test",
      "/api/admin/users/%ff/toggle-status",
      "/api/admin/waitlist/%ff",
      "/api/admin/waitlist/%E0%A4%A/invitation",
      "/api/admin/sessions/%c0%af",
    ];
    for (const address of paths) {
      for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
        const response = await request.fetch(address, { method });
        expect(`${method} ${address} ${response.status()}`).toBe(`${method} ${address} 400`);
        expect((await response.json()).message).toBe("This address is not valid.");
      }
    }
    // A well-formed one still reaches its route (which wants a session).
    expect((await request.delete("/api/admin/webhooks/%31")).status()).toBe(401);
  });

  test("a page address that does not decode is the 404 page", async ({ request }) => {
    for (const address of ["/admin/waitlist/%ff", "/no-such-%ff-page"]) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(`${address} ${response.status()}`).toBe(`${address} 404`);
      expect(response.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    }
  });

  test("a leave POST to the page's address declaring a 12 MB body gets its 413 at once, even when the body never comes", async () => {
    // Declared, and nothing sent: the answer must not wait for it.
    const silent = await rawRequest(
      {
        method: "POST",
        path: "/waitlist/leave?token=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(12 * 1024 * 1024) },
      },
      (request) => request.flushHeaders(),
    );
    expect(silent.status).toBe(413);
    expect(JSON.parse(silent.body).message).toMatch(/too large/);

    // Declared and sent.
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const sent = await rawRequest(
      {
        method: "POST",
        path: "/waitlist/leave?token=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(12 * chunk.length) },
      },
      (request) => {
        for (let i = 0; i < 12; i++) request.write(chunk);
        request.end();
      },
    );
    expect(sent.status).toBe(413);
  });
});
