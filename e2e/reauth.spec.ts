import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

import { expectNoAxeViolations } from "@/e2e/support/axe";

// A change to how an admin signs in, once their password is more than ten minutes old: the page asks for it in a
// dialog and then makes the change. The server runs on a fresh PostgreSQL schema this spec owns, so it can age the
// session's password by hand rather than wait ten minutes.

const projectRoot = process.cwd();
const port = Number(process.env.E2E_PORT ?? 3200) + 7;
const baseUrl = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.E2E_REAUTH_DATABASE_URL ?? "postgresql://root@127.0.0.1:5432/test";
const schema = `e2e_reauth_${Date.now().toString(36)}`;
const admin = { email: "owner@example.com", password: "owner-password-123", name: "Olive Owner" };

let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const databaseEnv = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const migrated = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-migrate.ts"],
    { env: { ...process.env, ...databaseEnv }, encoding: "utf8" },
  );
  expect(migrated.status, migrated.stderr).toBe(0);
  server = spawn(
    process.execPath,
    [path.join(projectRoot, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
        AUTH_SECRET: "e2e-secret-that-is-at-least-32-characters-long",
        NEXT_PUBLIC_SITE_URL: baseUrl,
        NEXT_TELEMETRY_DISABLED: "1",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ADMIN_NAME: admin.name,
        ...databaseEnv,
      },
      stdio: "ignore",
    },
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not become healthy");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

test("an admin whose password is over 10 minutes old confirms it in a dialog, by keyboard, before new recovery codes", async ({
  page,
}) => {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // A factor first, while the password is fresh: an authenticator app.
  await page.goto(`${baseUrl}/admin/settings#security`);
  const { Secret, TOTP } = await import("otpauth");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  await page.getByLabel("6-digit code").fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.getByRole("button", { name: "Confirm the app" }).click();
  const saveCodes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(saveCodes.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await saveCodes.getByRole("checkbox", { name: "I've saved them" }).check();
  await saveCodes.getByRole("button", { name: "Done" }).click();
  await expect(saveCodes).toBeHidden();

  // Eleven minutes later, as far as the server knows.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `UPDATE "${schema}"."admin_sessions" SET "passwordAt" = now() - interval '11 minutes' WHERE "revokedAt" IS NULL`,
  );
  await client.end();

  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Make new codes" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(confirm).toBeVisible();
  const field = confirm.getByLabel("Password");
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.type("not-the-password");
  await page.keyboard.press("Enter");
  await expect(confirm.getByText("That password is not right.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("");
  await page.keyboard.type(admin.password);
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(saveCodes.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expectNoAxeViolations(page);
});
