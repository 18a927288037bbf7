import { z } from "zod";

import { createAdminSchema, emailSchema } from "@/lib/validation/admin";
import { hasNoControlCharacters } from "@/lib/validation/zod";

// Empty strings count as unset, so `FOO=` in a .env file behaves like no FOO at all.
const emptyAsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyAsUnset, z.string().trim().optional());
const optionalInt = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(min).max(max).default(fallback));
// Seconds between the attempts of a delivery, such as "60,300,1800"; after the last, it is marked failed.
const retrySchedule = (fallback: string) =>
  z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, "must be whole numbers of seconds separated by commas, such as 60,300,1800")
      .default(fallback)
      .transform((v) => v.split(",").map(Number)),
  );
const optionalUrl = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.url({ message: "must be a URL" }).optional(),
);

const HOPS_MESSAGE = "must be a whole number from 0 to 10";

/** An email address as a header takes it: "Otto <hello@example.com>" or hello@example.com. */
const emailAddress = z.preprocess(
  emptyAsUnset,
  z
    .string()
    .trim()
    .refine(
      (v) => /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/.test(v),
      'must be an address, such as "Otto <hello@example.com>" or hello@example.com',
    )
    .optional(),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: optionalUrl,
    DATABASE_SCHEMA: optionalString.refine(
      (v) => v === undefined || /^[a-z_][a-z0-9_]*$/.test(v),
      "must be a lower-case SQL identifier",
    ),
    DATABASE_POOL_MAX: optionalInt(1, 100, 5),
    PGLITE_DIR: optionalString,
    AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
    ADMIN_EMAIL: z.preprocess(emptyAsUnset, emailSchema.optional()),
    ADMIN_PASSWORD: optionalString,
    ADMIN_NAME: optionalString,
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: optionalString.default("gpt-4o-mini"),
    OPENAI_TIMEOUT_MS: optionalInt(100, 60_000, 5_000),
    // The landing page's "Try it with your own words" section (lib/try-otto): on whenever OPENAI_API_KEY is set,
    // unless this says "off".
    TRY_OTTO: z.preprocess(emptyAsUnset, z.enum(["on", "off"], { message: "must be on or off" }).default("on")),
    // What that section may spend on the AI provider per UTC day, in US dollars: a hard cap, reserved before each call.
    TRY_OTTO_DAILY_BUDGET_USD: z.preprocess(emptyAsUnset, z.coerce.number().min(0).max(10_000).default(5)),
    // How many proxies in front of the app append to X-Forwarded-For (see clientIp in lib/http.ts). None
    // unless said: trusting a header no proxy wrote would let every client pick its own address.
    TRUSTED_PROXY_HOPS: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ message: HOPS_MESSAGE })
        .int(HOPS_MESSAGE)
        .min(0, HOPS_MESSAGE)
        .max(10, HOPS_MESSAGE)
        .default(0),
    ),
    // Set to "1" by Vercel on its deployments; its edge then supplies the client address.
    VERCEL: optionalString,
    // Signups accepted per minute from everyone together: a backstop that holds whatever addresses clients claim.
    WAITLIST_SIGNUPS_PER_MINUTE: optionalInt(1, 10_000_000, 600),
    // Signs the proof-of-work challenges the signup form solves (lib/challenge/altcha.ts). Unset: a key derived
    // from AUTH_SECRET, so a new install needs no setup; set it to rotate challenges without ending admin sessions.
    SIGNUP_CHALLENGE_SECRET: optionalString.refine(
      (v) => v === undefined || v.length >= 32,
      "must be at least 32 characters",
    ),
    // Keys the suppression list's hashes (lib/data/waitlist/suppression.ts). Unset: derived from AUTH_SECRET;
    // set it once so that rotating AUTH_SECRET (to end every session) does not empty the list.
    SUPPRESSION_SECRET: optionalString.refine(
      (v) => v === undefined || v.length >= 32,
      "must be at least 32 characters",
    ),
    // What a signup without a solved challenge gets: held for review ("hold"), refused ("require"), or no
    // challenge at all ("off").
    SIGNUP_CHALLENGE: z.preprocess(emptyAsUnset, z.enum(["hold", "require", "off"]).default("hold")),
    // The line: each credited referral moves its referrer up REFERRAL_PLACES places, for at most REFERRAL_MAX
    // referrals, and at most REFERRAL_DAILY_CAP referrals are credited to one referrer per UTC day.
    // Their product bounds how far a key can move below its number: the line's order keeps a key in 32 bits
    // (the line_order migration), so neither is unbounded.
    REFERRAL_PLACES: optionalInt(0, 10_000, 10),
    REFERRAL_MAX: optionalInt(0, 1_000, 10),
    REFERRAL_DAILY_CAP: optionalInt(1, 10_000, 20),
    // A referrer's email of the day waits this long after its first credit, so friends who join together are
    // told in one message.
    REFERRAL_EMAIL_DELAY_SECONDS: optionalInt(0, 24 * 60 * 60, 60 * 60),
    // An admin session ends after this long without a request, and in any case this long after sign-in.
    ADMIN_SESSION_IDLE_MINUTES: optionalInt(5, 24 * 60, 120),
    ADMIN_SESSION_MAX_HOURS: optionalInt(1, 24 * 30, 8),
    // Every admin must have a second factor (a passkey or an authenticator app): one without is taken to set
    // one up right after their password, and no admin page or API answers them before. Recommended in production.
    ADMIN_REQUIRE_SECOND_FACTOR: z.preprocess(
      emptyAsUnset,
      z
        .enum(["true", "false"], { message: "must be true or false" })
        .default("false")
        .transform((v) => v === "true"),
    ),
    // How long the admin audit log keeps an entry.
    AUDIT_RETENTION_DAYS: optionalInt(30, 3650, 400),
    // Uptime monitors that send it as a bearer token to /api/health get each health check in detail; without it
    // they get only the status and the database's.
    HEALTH_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, "must be at least 16 characters"),
    // A Sentry-compatible project (sentry.io or a self-hosted GlitchTip) that each new server error is also sent to.
    SENTRY_DSN: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (v) => /^https?:\/\/[^@/\s]+@[^/\s]+\/.*\d+$/.test(v) && URL.canParse(v),
          "must be a DSN such as https://key@o0.ingest.sentry.io/123",
        )
        .optional(),
    ),
    // Vercel Cron sends it as a bearer token to the maintenance route; without it that route refuses every call.
    CRON_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, "must be at least 16 characters"),
    // Outgoing email: any SMTP server (Postmark, SES, Resend, Mailgun...). Unset: messages stay in the outbox.
    SMTP_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .refine(
          (v) => /^smtps?:\/\/[^\s/]+/.test(v) && URL.canParse(v),
          "must be an smtp:// or smtps:// URL, such as smtp://user:pass@smtp.example.com:587",
        )
        .optional(),
    ),
    EMAIL_FROM: emailAddress,
    // Where replies to the site's emails go (Reply-To); unset, the emails and pages offer no replying.
    EMAIL_REPLY_TO: emailAddress,
    // Seconds between delivery attempts of one message; after the last, it is marked failed.
    EMAIL_RETRY_SCHEDULE: retrySchedule("60,300,1800,7200,43200"),
    // How often a running server looks for email that is due.
    EMAIL_SWEEP_SECONDS: optionalInt(1, 3600, 5),
    // Messages this server hands to the mail server per second at most. Providers refuse bursts (many allow
    // 1-14 a second): set it at or below your provider's limit.
    EMAIL_RATE_PER_SECOND: optionalInt(1, 1000, 5),
    // Seconds between attempts to deliver a webhook event; after the last, it is marked failed.
    WEBHOOK_RETRY_SCHEDULE: retrySchedule("30,120,600,3600,21600"),
    // Webhook URLs may point at private, loopback and link-local addresses: for development and tests only.
    WEBHOOKS_ALLOW_PRIVATE: z.preprocess(
      emptyAsUnset,
      z
        .enum(["true", "false"])
        .default("false")
        .transform((v) => v === "true"),
    ),
    // Where an accepted invitation sends the visitor (the product's sign-up, say). Unset: a welcome page here.
    EARLY_ACCESS_URL: optionalUrl,
    // The welcome page's promises (config/site.ts reads them): how soon the login is emailed, in words that
    // follow "within", and the set-up call's length in minutes (0: no call).
    EARLY_ACCESS_LOGIN_WITHIN: optionalString.refine(
      (v) => v === undefined || (v.length <= 60 && hasNoControlCharacters(v)),
      "must be at most 60 characters of plain text, such as: one working day",
    ),
    EARLY_ACCESS_CALL_MINUTES: optionalInt(0, 240, 15),
    NEXT_PUBLIC_SITE_URL: optionalUrl,
    NEXT_PUBLIC_PRODUCT_NAME: optionalString,
  })
  .superRefine((env, ctx) => {
    // Vercel's disks are read-only and nothing on them outlives a request: no embedded database there.
    if (env.VERCEL === "1" && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message:
          "is required on Vercel: set it to your PostgreSQL database's URL (postgresql://user:password@host:5432/db)",
      });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production (generate one with `openssl rand -base64 32`)",
      });
    }
    if (!!env.ADMIN_EMAIL !== !!env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
      });
    }
    // The first admin must pass the same rules as any admin, or the server would start with nobody able to sign in.
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const admin = createAdminSchema.safeParse({
        name: env.ADMIN_NAME ?? "Administrator",
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
      });
      for (const issue of admin.success ? [] : admin.error.issues) {
        // The email was checked by its own field above.
        const field = { name: "ADMIN_NAME", password: "ADMIN_PASSWORD" }[String(issue.path[0])];
        if (field) ctx.addIssue({ code: "custom", path: [field], message: issue.message });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Thrown when the environment is invalid; its message lists every problem, one per line. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment variables:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Validates a set of variables (process.env by default) and returns them typed. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`));
}

const ENV_KEYS = Object.keys(envSchema.shape);
let cached: { key: string; env: Env } | undefined;

/**
 * The validated environment of this process. Parsed again only when one of its variables changed (tests
 * change them): request paths such as clientIp read it on every signup and sign-in.
 */
export function env(): Env {
  const key = ENV_KEYS.map((name) => process.env[name] ?? "\u0000").join("\u0001");
  if (cached?.key !== key) cached = { key, env: parseEnv() };
  return cached.env;
}
