import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { closeDb, getDb } from "@/lib/db";
import { insertAdmin } from "@/test/admin";
import { prepareTestDatabase } from "@/test/db";

// `npm run admin:reset-second-factor` run for real, as a separate process against a real database: a fresh
// schema of PostgreSQL (TEST_DATABASE_URL), or an embedded database in a folder, which this file opens only
// while the command is not running (the embedded database has one process at a time).

const embedded = !process.env.DATABASE_URL;
const dataDir = embedded ? mkdtempSync(path.join(os.tmpdir(), "otto-reset-2fa-")) : null;
if (dataDir) process.env.PGLITE_DIR = path.join(dataDir, "db");

prepareTestDatabase();
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the command with `answer` typed at its prompt; resolves with its exit code and output. */
async function runCommand(args: string[], answer: string): Promise<{ code: number; output: string }> {
  if (embedded) await closeDb();
  const child = spawn("npm", ["run", "--silent", "admin:reset-second-factor", "--", ...args], {
    cwd: process.cwd(),
    env: {
      NODE_ENV: "test",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      AUTH_SECRET: process.env.AUTH_SECRET,
      ...(embedded
        ? { PGLITE_DIR: process.env.PGLITE_DIR }
        : { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: process.env.DATABASE_SCHEMA }),
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(`${answer}\n`);
  const code = await new Promise<number>((resolve) => child.on("close", (status) => resolve(status ?? 1)));
  return { code, output };
}

async function adminWithFactors() {
  const admin = await insertAdmin({ email: "solo@example.com", name: "Sole Owner" });
  await getDb().adminTotp.create({ data: { adminId: admin.id, secret: "sealed", confirmedAt: new Date() } });
  await getDb().adminRecoveryCode.createMany({
    data: Array.from({ length: 10 }, (_, n) => ({ adminId: admin.id, codeHash: `hash-${n}` })),
  });
  await getDb().adminSession.create({
    data: { id: "s".repeat(43), adminId: admin.id, expiresAt: new Date(Date.now() + 3_600_000) },
  });
  return admin;
}

const state = async (adminId: number) => ({
  apps: await getDb().adminTotp.count({ where: { adminId } }),
  codes: await getDb().adminRecoveryCode.count({ where: { adminId } }),
  liveSessions: await getDb().adminSession.count({ where: { adminId, revokedAt: null } }),
  audited: await getDb().auditLog.count({ where: { action: "admin.second_factor_reset" } }),
  notices: await getDb().emailOutbox.count({ where: { kind: "security-notice", to: "solo@example.com" } }),
});

describe(`npm run admin:reset-second-factor (${embedded ? "embedded" : "PostgreSQL"})`, () => {
  jest.setTimeout(120_000);

  it("asks first: any answer but yes changes nothing; yes resets, audits and emails the admin", async () => {
    const admin = await adminWithFactors();
    const before = await state(admin.id);
    expect(before).toEqual({ apps: 1, codes: 10, liveSessions: 1, audited: 0, notices: 0 });

    const declined = await runCommand(["--email", "Solo@Example.com"], "no");
    expect(declined.output).toContain(
      "Sole Owner <solo@example.com> has an authenticator app, 10 unused recovery codes.",
    );
    expect(declined.output).toContain("Nothing changed.");
    expect(declined.code).toBe(1);
    expect(await state(admin.id)).toEqual(before);

    const confirmed = await runCommand(["--email", "solo@example.com"], "yes");
    expect(confirmed.output).toContain("Reset.");
    expect(confirmed.code).toBe(0);
    expect(await state(admin.id)).toEqual({ apps: 0, codes: 0, liveSessions: 0, audited: 1, notices: 1 });
    const entry = await getDb().auditLog.findFirstOrThrow({ where: { action: "admin.second_factor_reset" } });
    expect(entry).toMatchObject({
      adminId: null,
      adminEmail: "npm run admin:reset-second-factor",
      target: `admin:${admin.id}`,
    });
    const notice = await getDb().emailOutbox.findFirstOrThrow({ where: { kind: "security-notice" } });
    expect(notice.subject).toContain("Your second factor was reset");
  });

  it("refuses an email that is no admin's, or no email, changing nothing", async () => {
    const unknown = await runCommand(["--email", "nobody@example.com"], "yes");
    expect([unknown.code, unknown.output]).toEqual([
      1,
      expect.stringContaining("No admin has the email nobody@example.com."),
    ]);
    const missing = await runCommand([], "yes");
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("Usage: npm run admin:reset-second-factor -- --email");
  });
});
