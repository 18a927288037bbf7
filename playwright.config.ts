import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// scripts/e2e.mjs sets these; the defaults let `npx playwright test` work on its own after a build.
const port = Number(process.env.E2E_PORT ?? 3200);
const runId = process.env.E2E_RUN_ID ?? "local";
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const fakeOpenAIPort = port + 99;
const fakeOpenAIScript = path.join("e2e", "support", "fake-openai.mjs");

/** The main server's CRON_SECRET. */
export const E2E_CRON_SECRET = "e2e-cron-secret-for-the-maintenance-sweep";

export const E2E_ADMIN = { email: "admin@example.com", password: "correct-horse-battery", name: "Ada Admin" };

// E2E_DATABASE_URL: the main server runs on PostgreSQL (a fresh schema that scripts/e2e.mjs migrates and drops).
const postgres: Record<string, string> = process.env.E2E_DATABASE_URL
  ? {
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      DATABASE_SCHEMA: process.env.E2E_DATABASE_SCHEMA ?? `e2e_${runId}`.toLowerCase(),
    }
  : {};

const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_BASE_URL = baseURL;
process.env.E2E_BARE_URL = `http://127.0.0.1:${port + 1}`;
// A server that requires admins to have a second factor. It is addressed as localhost: passkeys need a domain
// name, and browsers refuse them on an IP address.
process.env.E2E_STRICT_URL = `http://localhost:${port + 2}`;
process.env.E2E_FAKE_OPENAI_URL = `http://127.0.0.1:${fakeOpenAIPort}/v1`;
// The main server sends email here; e2e/email.spec.ts runs a real SMTP server on it (nothing listens otherwise).
const smtpPort = port + 98;
process.env.E2E_SMTP_PORT = String(smtpPort);

const nextStart = (serverPort: number) => `node node_modules/next/dist/bin/next start -p ${serverPort} -H 127.0.0.1`;

const serverEnv = (name: string, extra: Record<string, string>) => ({
  NODE_ENV: "production",
  NEXT_DIST_DIR: distDir,
  AUTH_SECRET: "e2e-secret-that-is-at-least-32-characters-long",
  DATABASE_URL: "",
  PGLITE_DIR: path.join(os.tmpdir(), `otto-e2e-${runId}-${name}`),
  NEXT_PUBLIC_SITE_URL: baseURL,
  NEXT_TELEMETRY_DISABLED: "1",
  ...extra,
});

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  // The spec files share one server and its database.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    ...(existsSync(fakeOpenAIScript)
      ? [
          {
            command: `node ${fakeOpenAIScript}`,
            port: fakeOpenAIPort,
            env: { FAKE_OPENAI_PORT: String(fakeOpenAIPort) },
            reuseExistingServer: false,
          },
        ]
      : []),
    {
      command: nextStart(port),
      url: `${baseURL}/api/health`,
      env: serverEnv("main", {
        ...postgres,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        // The specs stand in for one trusted proxy: each sends X-Forwarded-For to be its own client. The bare
        // server below trusts no forwarding header, as production does unless told otherwise.
        TRUSTED_PROXY_HOPS: "1",
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: `http://127.0.0.1:${fakeOpenAIPort}/v1`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        EMAIL_FROM: "Otto <hello@otto.test>",
        // Quick retries and sweeps, so a test can stop the mail server and see the message arrive once it is back.
        EMAIL_RETRY_SCHEDULE: "1,2,2,5,10,20,30",
        EMAIL_SWEEP_SECONDS: "1",
        // The scheduler's secret: a spec runs the maintenance sweep now (GET /api/cron/outbox) instead of
        // waiting for the server's own, ten minutes apart.
        CRON_SECRET: E2E_CRON_SECRET,
        // The webhook spec's receiver listens on this machine.
        WEBHOOKS_ALLOW_PRIVATE: "true",
        WEBHOOK_RETRY_SCHEDULE: "1,2,5",
        // A referrer's email of the day waits for friends who join together; long enough for the growth
        // journey's two friends to sign up and confirm, short enough to wait for.
        REFERRAL_EMAIL_DELAY_SECONDS: "40",
      }),
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // The same build requiring a second factor of every admin (e2e/second-factor.spec.ts).
      command: nextStart(port + 2),
      url: `http://127.0.0.1:${port + 2}/api/health`,
      env: serverEnv("strict", {
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        TRUSTED_PROXY_HOPS: "1",
        ADMIN_REQUIRE_SECOND_FACTOR: "true",
        NEXT_PUBLIC_SITE_URL: `http://localhost:${port + 2}`,
        // The live demo with its day's budget already below one call's worst case (e2e/try-otto.spec.ts): every
        // attempt gets the scripted answer, and the fake model is never called.
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: `http://127.0.0.1:${fakeOpenAIPort}/v1`,
        TRY_OTTO_DAILY_BUDGET_USD: "0.000001",
      }),
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // The same build with no AI key and no admin: for "not configured" paths.
      command: nextStart(port + 1),
      url: `http://127.0.0.1:${port + 1}/api/health`,
      env: serverEnv("bare", { OPENAI_API_KEY: "", OPENAI_BASE_URL: "" }),
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
