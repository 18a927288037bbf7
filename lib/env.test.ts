import { readFileSync } from "node:fs";
import path from "node:path";

import { EnvError, parseEnv } from "@/lib/env";

describe("parseEnv", () => {
  it("accepts an empty environment in development and fills defaults", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATABASE_POOL_MAX).toBe(5);
    expect(env.OPENAI_MODEL).toBe("gpt-4o-mini");
  });

  it("treats empty strings as unset", () => {
    const env = parseEnv({ NODE_ENV: "development", DATABASE_URL: "", AUTH_SECRET: "  ", OPENAI_BASE_URL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.OPENAI_BASE_URL).toBeUndefined();
  });

  it("lists every problem at once, readably", () => {
    let error: unknown;
    try {
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "not a url", DATABASE_POOL_MAX: "0", ADMIN_EMAIL: "nope" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toMatch(/^Invalid environment variables:/);
    expect(message).toMatch(/DATABASE_URL: must be a URL/);
    expect(message).toMatch(/DATABASE_POOL_MAX/);
    expect(message).toMatch(/ADMIN_EMAIL: Please enter a valid email address/);
    expect(message).toMatch(/AUTH_SECRET: is required in production/);
    expect(message).toMatch(/ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together/);
    expect((error as EnvError).problems.length).toBeGreaterThanOrEqual(5);
  });

  it("refuses a number that is not one", () => {
    expect(() => parseEnv({ OPENAI_TIMEOUT_MS: "soon" })).toThrow(/OPENAI_TIMEOUT_MS/);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "1000" })).toThrow(/DATABASE_POOL_MAX/);
  });

  it("requires a long enough AUTH_SECRET", () => {
    expect(() => parseEnv({ NODE_ENV: "production", AUTH_SECRET: "short" })).toThrow(/at least 32 characters/);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }).AUTH_SECRET).toHaveLength(32);
  });

  it("requires DATABASE_URL on Vercel, naming it, and never falls back to the embedded database there", () => {
    const onVercel = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), VERCEL: "1" };
    expect(() => parseEnv(onVercel)).toThrow(/DATABASE_URL: is required on Vercel/);
    expect(() => parseEnv({ ...onVercel, DATABASE_URL: " " })).toThrow(/DATABASE_URL/);
    expect(parseEnv({ ...onVercel, DATABASE_URL: "postgresql://u:p@db.example.com:5432/otto" }).DATABASE_URL).toContain(
      "db.example.com",
    );
    // Elsewhere, no DATABASE_URL means the embedded database.
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }).DATABASE_URL).toBeUndefined();
  });

  it("refuses a schema name that is not a plain identifier", () => {
    expect(() => parseEnv({ DATABASE_SCHEMA: 'x"; drop table waitlist; --' })).toThrow(/DATABASE_SCHEMA/);
  });

  it("accepts .env.example as it is (every KEY= left empty), with the documented defaults", () => {
    const source: Record<string, string> = { NODE_ENV: "development" };
    for (const line of readFileSync(path.join(process.cwd(), ".env.example"), "utf8").split("\n")) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
      if (match) source[match[1]!] = match[2]!;
    }
    expect(Object.keys(source).length).toBeGreaterThan(10);
    const env = parseEnv(source);
    expect(env.DATABASE_POOL_MAX).toBe(5);
    expect(env.OPENAI_TIMEOUT_MS).toBe(5_000);
    expect(env.OPENAI_MODEL).toBe("gpt-4o-mini");
  });

  it("keeps webhooks off private addresses unless WEBHOOKS_ALLOW_PRIVATE is exactly true, and reads their retry schedule", () => {
    expect(parseEnv({}).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(parseEnv({ WEBHOOKS_ALLOW_PRIVATE: "false" }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(() => parseEnv({ WEBHOOKS_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOKS_ALLOW_PRIVATE/);
    expect(parseEnv({}).WEBHOOK_RETRY_SCHEDULE).toEqual([30, 120, 600, 3600, 21600]);
    expect(parseEnv({ WEBHOOK_RETRY_SCHEDULE: "5,10" }).WEBHOOK_RETRY_SCHEDULE).toEqual([5, 10]);
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: "5,soon" })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it("holds the first admin from ADMIN_* to the same rules as any admin", () => {
    const base = { NODE_ENV: "development", ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "a strong password" };
    expect(parseEnv(base).ADMIN_EMAIL).toBe("boss@example.com");
    expect(() => parseEnv({ ...base, ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: Password must be at least 8 characters/,
    );
    expect(() => parseEnv({ ...base, ADMIN_NAME: "B" })).toThrow(/ADMIN_NAME: Name must be at least 2 characters/);
    expect(() => parseEnv({ ...base, ADMIN_EMAIL: "boss@localhost" })).toThrow(
      /ADMIN_EMAIL: Please enter a valid email address/,
    );
  });

  it("reads the welcome page's promises, refusing a call length or wording it could not show", () => {
    expect(parseEnv({}).EARLY_ACCESS_CALL_MINUTES).toBe(15);
    expect(parseEnv({ EARLY_ACCESS_CALL_MINUTES: "0" }).EARLY_ACCESS_CALL_MINUTES).toBe(0);
    expect(() => parseEnv({ EARLY_ACCESS_CALL_MINUTES: "soon" })).toThrow(/EARLY_ACCESS_CALL_MINUTES/);
    expect(() => parseEnv({ EARLY_ACCESS_CALL_MINUTES: "600" })).toThrow(/EARLY_ACCESS_CALL_MINUTES/);
    expect(parseEnv({ EARLY_ACCESS_LOGIN_WITHIN: "two working days" }).EARLY_ACCESS_LOGIN_WITHIN).toBe(
      "two working days",
    );
    expect(() => parseEnv({ EARLY_ACCESS_LOGIN_WITHIN: "a\u0000b" })).toThrow(/EARLY_ACCESS_LOGIN_WITHIN/);
  });

  it("trusts no proxy hop unless TRUSTED_PROXY_HOPS says so, and refuses a nonsense count", () => {
    expect(parseEnv({}).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUSTED_PROXY_HOPS: "" }).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUSTED_PROXY_HOPS: " 2 " }).TRUSTED_PROXY_HOPS).toBe(2);
    for (const value of ["-1", "1.5", "two", "11"]) {
      expect(() => parseEnv({ TRUSTED_PROXY_HOPS: value })).toThrow(
        /TRUSTED_PROXY_HOPS: must be a whole number from 0 to 10/,
      );
    }
  });
});

describe("email settings", () => {
  it("accept smtp:// and smtps:// URLs and a From address, and say what is wrong otherwise", () => {
    expect(
      parseEnv({ SMTP_URL: "smtp://user:pass@smtp.example.com:587", EMAIL_FROM: "Otto <hello@example.com>" }),
    ).toMatchObject({
      SMTP_URL: "smtp://user:pass@smtp.example.com:587",
      EMAIL_FROM: "Otto <hello@example.com>",
    });
    expect(
      parseEnv({ SMTP_URL: "smtps://smtp.example.com", EMAIL_FROM: "hello@example.com" }).EMAIL_RETRY_SCHEDULE,
    ).toEqual([60, 300, 1800, 7200, 43200]);
    expect(() => parseEnv({ SMTP_URL: "https://smtp.example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseEnv({ EMAIL_FROM: "Otto" })).toThrow(/EMAIL_FROM: must be an address/);
    expect(() => parseEnv({ EMAIL_RETRY_SCHEDULE: "1m,5m" })).toThrow(
      /EMAIL_RETRY_SCHEDULE: must be whole numbers of seconds/,
    );
    expect(parseEnv({ EMAIL_RETRY_SCHEDULE: "1,2,4" }).EMAIL_RETRY_SCHEDULE).toEqual([1, 2, 4]);
  });

  it("take a Reply-To address like the From address, empty counting as unset", () => {
    expect(parseEnv({ EMAIL_REPLY_TO: "Otto team <team@example.com>" }).EMAIL_REPLY_TO).toBe(
      "Otto team <team@example.com>",
    );
    expect(parseEnv({ EMAIL_REPLY_TO: " team@example.com " }).EMAIL_REPLY_TO).toBe("team@example.com");
    expect(parseEnv({ EMAIL_REPLY_TO: " " }).EMAIL_REPLY_TO).toBeUndefined();
    expect(() => parseEnv({ EMAIL_REPLY_TO: "team" })).toThrow(/EMAIL_REPLY_TO: must be an address/);
    expect(() => parseEnv({ EMAIL_REPLY_TO: "a@b.example\r\nBcc: x@y.example" })).toThrow(/EMAIL_REPLY_TO/);
  });
});
