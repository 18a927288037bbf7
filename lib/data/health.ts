import "server-only";

import { formatDistanceStrict } from "date-fns";
import nodemailer from "nodemailer";

import { readAIConfig } from "@/lib/ai/config";
import { getDb } from "@/lib/db";
import { emailConfigured } from "@/lib/email/transport";
import { env } from "@/lib/env";
import { SWEEP_INTERVAL_MS } from "@/lib/jobs/maintenance";

/** Green: works. Amber: works, but needs a look. Red: broken, people are affected. */
export type HealthStatus = "green" | "amber" | "red";

export interface HealthCheck {
  id: "database" | "smtp" | "webhooks" | "sweep" | "held" | "proof" | "auth-secret" | "ai";
  label: string;
  status: HealthStatus;
  /** What is true now, in a sentence. */
  summary: string;
  /** What to do about it, when it is not green. */
  fix?: string;
}

export interface HealthReport {
  status: HealthStatus;
  checks: HealthCheck[];
}

/** How long the health page waits for the mail server to greet it before calling it down. */
const SMTP_PROBE_MS = 3_000;
/** Mail waiting longer than this means the sweep or the mail server is not keeping up. */
const OLDEST_WAITING_MS = 15 * 60 * 1000;

const ago = (date: Date, now: Date) => `${formatDistanceStrict(date, now)} ago`;
const worst = (statuses: HealthStatus[]): HealthStatus =>
  statuses.includes("red") ? "red" : statuses.includes("amber") ? "amber" : "green";

async function databaseCheck(): Promise<HealthCheck> {
  const label = "Database";
  const started = performance.now();
  try {
    await getDb().$queryRaw`SELECT 1`;
  } catch {
    return {
      id: "database",
      label,
      status: "red",
      summary: "The database does not answer: signups and the admin area fail.",
      fix: "Check DATABASE_URL and that the database server is running and reachable.",
    };
  }
  const ms = Math.round(performance.now() - started);
  return ms > 500
    ? {
        id: "database",
        label,
        status: "amber",
        summary: `Answers, slowly: ${ms} ms for the simplest query.`,
        fix: "Check the database's load and that it runs in the same region as the site.",
      }
    : { id: "database", label, status: "green", summary: `Answers in ${ms} ms.` };
}

/** Whether the mail server greets us, without sending anything. */
async function mailServerAnswers(): Promise<string | null> {
  const transport = nodemailer.createTransport({
    url: env().SMTP_URL,
    connectionTimeout: SMTP_PROBE_MS,
    greetingTimeout: SMTP_PROBE_MS,
    socketTimeout: SMTP_PROBE_MS,
  } as nodemailer.TransportOptions);
  try {
    await transport.verify();
    return null;
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String((error as { code?: unknown }).code) : "";
    return code || (error instanceof Error ? error.name : "no answer");
  } finally {
    transport.close();
  }
}

async function smtpCheck(now: Date): Promise<HealthCheck> {
  const label = "Email (SMTP)";
  const [row] = await getDb().$queryRaw<{ lastSent: Date | null; waiting: number; oldest: Date | null }[]>`
    SELECT max("sentAt") AS "lastSent",
           count(*) FILTER (WHERE "status" = 'pending')::int AS "waiting",
           min("createdAt") FILTER (WHERE "status" = 'pending') AS "oldest"
    FROM "email_outbox"`;
  const lastSent = row?.lastSent ? `Last sent ${ago(row.lastSent, now)}` : "Nothing sent yet";
  const waiting = row?.waiting
    ? `${row.waiting} waiting, the oldest queued ${ago(row.oldest!, now)}`
    : "nothing waiting";
  const facts = `${lastSent}; ${waiting}.`;
  if (!emailConfigured())
    return {
      id: "smtp",
      label,
      status: "amber",
      summary: `Email is not configured: messages wait in the outbox. ${facts}`,
      fix: "Set SMTP_URL to your mail provider's SMTP address (and EMAIL_FROM).",
    };
  const refusal = await mailServerAnswers();
  if (refusal)
    return {
      id: "smtp",
      label,
      status: "red",
      summary: `The mail server does not answer (${refusal}). ${facts}`,
      fix: "Check SMTP_URL (host, port, user, password) and your mail provider's status page. Waiting mail goes once it answers.",
    };
  if (row?.oldest && now.getTime() - row.oldest.getTime() > OLDEST_WAITING_MS)
    return {
      id: "smtp",
      label,
      status: "amber",
      summary: `The mail server answers, but mail is waiting. ${facts}`,
      fix: "See the Emails page for the errors; check the sweep below and EMAIL_RATE_PER_SECOND.",
    };
  return { id: "smtp", label, status: "green", summary: `The mail server answers. ${facts}` };
}

async function webhooksCheck(now: Date): Promise<HealthCheck> {
  const label = "Webhooks";
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [row] = await getDb().$queryRaw<{ failed: number; webhooks: number }[]>`
    SELECT count(*)::int AS "failed", count(DISTINCT "webhookId")::int AS "webhooks"
    FROM "webhook_deliveries" WHERE "status" = 'failed' AND "createdAt" >= ${dayAgo}`;
  if (!row?.failed) return { id: "webhooks", label, status: "green", summary: "No failed deliveries in the last day." };
  return {
    id: "webhooks",
    label,
    status: "amber",
    summary: `${row.failed} ${row.failed === 1 ? "delivery" : "deliveries"} failed in the last day, to ${row.webhooks} ${row.webhooks === 1 ? "webhook" : "webhooks"}.`,
    fix: "Open Settings, Webhooks: each delivery shows the receiver's answer. Fix the receiver, or remove the webhook.",
  };
}

async function sweepCheck(now: Date): Promise<HealthCheck> {
  const label = "Scheduled sweep";
  const onVercel = env().VERCEL === "1";
  // On Vercel the cron calls it every minute; a server of our own runs it on its timer.
  const scheduleMs = onVercel ? 60_000 : SWEEP_INTERVAL_MS;
  const caller = onVercel
    ? "Vercel Cron (every minute)"
    : `the server's timer (every ${SWEEP_INTERVAL_MS / 60_000} minutes)`;
  const [row] = await getDb().$queryRaw<{ lastRunAt: Date }[]>`
    SELECT "lastRunAt" FROM "job_runs" WHERE "name" = 'maintenance'`;
  const fix = onVercel
    ? "Check that CRON_SECRET is set in Vercel and that the cron in vercel.json is enabled for this project."
    : "Check the server's log for sweep failures, and that the server stays running.";
  if (!row)
    return { id: "sweep", label, status: "amber", summary: `It has not run yet. It is called by ${caller}.`, fix };
  const age = now.getTime() - row.lastRunAt.getTime();
  const summary = `Last ran ${ago(row.lastRunAt, now)}, called by ${caller}.`;
  if (age > 3 * scheduleMs)
    return {
      id: "sweep",
      label,
      status: "red",
      summary: `${summary} It is late: reminders, digests and alerts wait.`,
      fix,
    };
  if (age > 1.5 * scheduleMs) return { id: "sweep", label, status: "amber", summary: `${summary} It is late.`, fix };
  return { id: "sweep", label, status: "green", summary };
}

async function heldCheck(now: Date): Promise<HealthCheck> {
  const label = "Held signups";
  const [row] = await getDb().$queryRaw<{ held: number; oldest: Date | null }[]>`
    SELECT count(*)::int AS "held", min("heldAt") AS "oldest" FROM "waitlist" WHERE "heldAt" IS NOT NULL`;
  if (!row?.held) return { id: "held", label, status: "green", summary: "No signups wait for review." };
  return {
    id: "held",
    label,
    status: "amber",
    summary: `${row.held} ${row.held === 1 ? "signup waits" : "signups wait"} for review, the oldest held ${ago(row.oldest!, now)}.`,
    fix: "Review them on the list (Held for review): release the real people, delete the rest.",
  };
}

function proofCheck(): HealthCheck {
  const label = "Signup proof of work";
  const { SIGNUP_CHALLENGE, SIGNUP_CHALLENGE_SECRET } = env();
  if (SIGNUP_CHALLENGE === "off")
    return {
      id: "proof",
      label,
      status: "amber",
      summary: "Off: signups are taken without the proof, so scripts can fill the list.",
      fix: "Unset SIGNUP_CHALLENGE (or set it to hold) to hold signups without the proof for review.",
    };
  return {
    id: "proof",
    label,
    status: "green",
    summary: `${SIGNUP_CHALLENGE === "require" ? "Required" : "On, signups without it held for review"}; signed with ${SIGNUP_CHALLENGE_SECRET ? "SIGNUP_CHALLENGE_SECRET" : "a key derived from AUTH_SECRET"}.`,
  };
}

/** A secret's strength as the page judges it: long enough, and not a short pattern repeated. */
export function secretLooksStrong(secret: string): boolean {
  return secret.length >= 32 && new Set(secret).size >= 12;
}

function authSecretCheck(): HealthCheck {
  const label = "AUTH_SECRET";
  const secret = env().AUTH_SECRET;
  const fix = "Set AUTH_SECRET to a long random value (openssl rand -base64 32). Changing it signs everyone out.";
  if (!secret)
    return {
      id: "auth-secret",
      label,
      status: env().NODE_ENV === "production" ? "red" : "amber",
      summary: "Not set: a development secret signs sessions.",
      fix,
    };
  if (!secretLooksStrong(secret))
    return {
      id: "auth-secret",
      label,
      status: "amber",
      summary: `Set, but weak: ${secret.length} characters with few different ones.`,
      fix,
    };
  return { id: "auth-secret", label, status: "green", summary: `Set, ${secret.length} characters.` };
}

function aiCheck(): HealthCheck {
  const label = "AI provider";
  const config = readAIConfig();
  if (!config.apiKey)
    return {
      id: "ai",
      label,
      status: "amber",
      summary: "Not set up: the AI connection test says so. The landing page's demos do not need it.",
      fix: "Set OPENAI_API_KEY (and OPENAI_MODEL if not the default), then use the connection test page.",
    };
  return { id: "ai", label, status: "green", summary: `Set up, model ${config.model}. (Not called from here.)` };
}

/**
 * Everything a person needs to see at a glance that the site works: each check red, amber or green with the fix
 * in words. Read-only, and it calls no paid service: the mail server is greeted, not sent to.
 */
export async function healthReport(now = new Date()): Promise<HealthReport> {
  const database = await databaseCheck();
  const rest: HealthCheck[] =
    database.status === "red"
      ? []
      : await Promise.all([smtpCheck(now), webhooksCheck(now), sweepCheck(now), heldCheck(now)]);
  const checks = [database, ...rest, proofCheck(), authSecretCheck(), aiCheck()];
  return { status: worst(checks.map((check) => check.status)), checks };
}
