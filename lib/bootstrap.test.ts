import bcrypt from "bcryptjs";

import { POST as login } from "@/app/api/admin/login/route";
import {
  bootstrap,
  DEV_ADMIN_EMAIL,
  ensureFirstAdmin,
  warnAboutClientAddresses,
  warnAboutEmail,
} from "@/lib/bootstrap";
import { getDb } from "@/lib/db";
import { testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const saved = { ...process.env };
beforeEach(async () => {
  await resetDatabase();
  process.env = { ...saved };
  delete process.env.ADMIN_EMAIL;
  delete process.env.ADMIN_PASSWORD;
});
afterAll(() => {
  process.env = saved;
});

function capture() {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(line) };
}

describe("the first admin", () => {
  it("in development, creates DEV_ADMIN_EMAIL with a random password printed once", async () => {
    Object.assign(process.env, { NODE_ENV: "development" });
    const first = capture();
    await ensureFirstAdmin(first.log);
    const printed = first.lines.join("\n");
    const password = /password\s+(\S+)/.exec(printed)?.[1];
    expect(printed).toContain(DEV_ADMIN_EMAIL);
    expect(password).toBeTruthy();
    const admin = await getDb().adminUser.findUniqueOrThrow({ where: { email: DEV_ADMIN_EMAIL } });
    expect(await bcrypt.compare(password!, admin.password)).toBe(true);

    // The printed login works on the real sign-in route (its email passes the form's schema).
    const email = /email\s+(\S+)/.exec(printed)?.[1];
    expect(email).toBe(DEV_ADMIN_EMAIL);
    const response = await login(testRequest("/api/admin/login", { body: { email, password } }), undefined);
    expect(response.status).toBe(200);

    const second = capture();
    await ensureFirstAdmin(second.log);
    expect(second.lines).toEqual([]);
    expect(await getDb().adminUser.count()).toBe(1);
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when set", async () => {
    Object.assign(process.env, {
      NODE_ENV: "production",
      AUTH_SECRET: "s".repeat(32),
      ADMIN_EMAIL: "Boss@Example.com",
      ADMIN_PASSWORD: "a strong password",
    });
    const { lines, log } = capture();
    await ensureFirstAdmin(log);
    expect(lines.join("\n")).not.toContain("a strong password");
    const admin = await getDb().adminUser.findUniqueOrThrow({ where: { email: "boss@example.com" } });
    expect(await bcrypt.compare("a strong password", admin.password)).toBe(true);
  });

  it("in production without those variables, creates nobody and says how to", async () => {
    Object.assign(process.env, { NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) });
    const { lines, log } = capture();
    await ensureFirstAdmin(log);
    expect(lines.join("\n")).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD|admin:create/);
    expect(await getDb().adminUser.count()).toBe(0);
  });

  it("is created once when several server instances start together, and nobody logs a fault", async () => {
    Object.assign(process.env, {
      NODE_ENV: "production",
      AUTH_SECRET: "s".repeat(32),
      ADMIN_EMAIL: "boss@example.com",
      ADMIN_PASSWORD: "a strong password",
    });
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const logs = jest.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await Promise.all([bootstrap(), bootstrap(), bootstrap()]);
      expect(errors).not.toHaveBeenCalled();
      expect(logs.mock.calls.filter(([line]) => String(line).includes("Created the first admin"))).toHaveLength(1);
      expect(await getDb().adminUser.count()).toBe(1);
    } finally {
      errors.mockRestore();
      logs.mockRestore();
    }
  });
});

describe("the start-up warning about client addresses", () => {
  const warned = (variables: Record<string, string>) => {
    Object.assign(process.env, { AUTH_SECRET: "s".repeat(32), ...variables });
    const { lines, log } = capture();
    warnAboutClientAddresses(log);
    return lines.join("\n");
  };

  it("speaks in production when TRUSTED_PROXY_HOPS is unset, and not on Vercel, in development or once it is set", () => {
    delete process.env.TRUSTED_PROXY_HOPS;
    delete process.env.VERCEL;
    expect(warned({ NODE_ENV: "production" })).toMatch(/TRUSTED_PROXY_HOPS is not set/);
    expect(warned({ NODE_ENV: "development" })).toBe("");
    expect(
      warned({ NODE_ENV: "production", VERCEL: "1", DATABASE_URL: "postgresql://u:p@db.example.com:5432/otto" }),
    ).toBe("");
    expect(warned({ NODE_ENV: "production", TRUSTED_PROXY_HOPS: "0" })).toBe("");
  });
});

describe("the start-up warning about email", () => {
  it("speaks in production while SMTP_URL is unset, and not in development or once it is set", () => {
    const warned = (variables: Record<string, string>) => {
      Object.assign(process.env, { AUTH_SECRET: "s".repeat(32), ...variables });
      const { lines, log } = capture();
      warnAboutEmail(log);
      return lines.join("\n");
    };
    try {
      delete process.env.SMTP_URL;
      expect(warned({ NODE_ENV: "production" })).toMatch(/SMTP_URL is not set, so no email is sent/);
      expect(warned({ NODE_ENV: "development" })).toBe("");
      expect(warned({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:2525" })).toBe("");
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});
