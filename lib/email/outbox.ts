import "server-only";

import { randomUUID } from "node:crypto";

import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { payloadLinks, renderEmail, withoutLinks, type EmailKind, type EmailPayload } from "@/lib/email/render";
import { publicSiteUrl } from "@/lib/email/site";
import { emailConfigured, emailFrom, smtpTransport } from "@/lib/email/transport";
import { nextAttemptAt, oneLineError } from "@/lib/retry";

/** How long a sender's claim on a message lasts: longer than the SMTP timeouts, so no two sweeps send it. */
export const CLAIM_MS = 2 * 60 * 1000;

/** What the outbox says of a message that waits because SMTP_URL is unset. */
export const NOT_CONFIGURED_ERROR = "not sent: email is not configured";

/** A stable Message-ID for a new message: the same on every attempt, so a retry is recognisably the same mail. */
export function newMessageId(): string {
  return `<${randomUUID()}@${messageDomain()}>`;
}

/** The domain of our Message-IDs: the site's host. */
export function messageDomain(): string {
  return new URL(publicSiteUrl()).hostname;
}

interface ClaimedRow {
  id: number;
  kind: string;
  to: string;
  subject: string;
  payload: EmailPayload;
  messageId: string;
  attempts: number;
}

/**
 * Claims up to `limit` messages that are due (optionally only those in `ids`): one statement marks them
 * as taken until now + CLAIM_MS and counts the attempt. `FOR UPDATE SKIP LOCKED` lets several servers
 * sweep at once, each taking different messages.
 */
async function claimDue(limit: number, now: Date, ids?: number[]): Promise<ClaimedRow[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const onlyIds = ids ?? null;
  return getDb().$queryRaw<ClaimedRow[]>`
    UPDATE "email_outbox" SET "lockedUntil" = ${until}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "email_outbox"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
        AND (${onlyIds}::int[] IS NULL OR "id" = ANY(${onlyIds}::int[]))
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "to", "subject", "payload", "messageId", "attempts"`;
}

/** Sends one claimed message, then records the outcome: sent, or the next attempt, or failed after the last. */
async function deliver(row: ClaimedRow, now: Date): Promise<"sent" | "retry" | "failed"> {
  const db = getDb();
  try {
    const { html, text } = await renderEmail(row.kind as EmailKind, row.payload);
    const leaveUrl = "leaveUrl" in row.payload ? row.payload.leaveUrl : null;
    await smtpTransport().sendMail({
      from: emailFrom(),
      to: row.to,
      subject: row.subject,
      html,
      text,
      messageId: row.messageId,
      // RFC 8058 one-click unsubscribe, which Gmail and Yahoo expect of bulk senders (admins' own emails have none).
      headers: leaveUrl ? { "List-Unsubscribe": `<${leaveUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
    });
    // The token in each link lived only in this message: the outbox keeps no usable copy once it is sent.
    await db.emailOutbox.update({
      where: { id: row.id },
      data: { status: "sent", sentAt: now, lockedUntil: null, lastError: null, payload: { ...withoutLinks(row.payload) } },
    });
    return "sent";
  } catch (error) {
    const lastError = oneLineError(error);
    const nextAttempt = nextAttemptAt(row.attempts, env().EMAIL_RETRY_SCHEDULE, now);
    if (nextAttempt === null) {
      await db.emailOutbox.update({ where: { id: row.id }, data: { status: "failed", lockedUntil: null, lastError } });
      console.error(`[email] giving up on message ${row.id} after ${row.attempts} attempts: ${lastError}`);
      return "failed";
    }
    await db.emailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: nextAttempt, lockedUntil: null, lastError } });
    console.warn(`[email] message ${row.id} not sent (attempt ${row.attempts}), next try at ${nextAttempt.toISOString()}: ${lastError}`);
    return "retry";
  }
}

/**
 * Without SMTP_URL, messages stay in the outbox, not sent (the admin area says "not sent: email is not
 * configured"), and go out if email is configured later. In development each is printed once to the
 * server log (subject, recipient, links) and marked, so every flow can be followed with no mail server.
 * Elsewhere nothing is written: a row per signup rewritten every few seconds would slow signups down.
 */
async function holdUnconfigured(now: Date, ids?: number[]): Promise<number> {
  if (env().NODE_ENV !== "development") return 0;
  const onlyIds = ids ?? null;
  const rows = await getDb().$queryRaw<{ id: number; to: string; subject: string; payload: EmailPayload }[]>`
    UPDATE "email_outbox" SET "status" = 'unsent', "lastError" = ${NOT_CONFIGURED_ERROR}
    WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND (${onlyIds}::int[] IS NULL OR "id" = ANY(${onlyIds}::int[]))
    RETURNING "id", "to", "subject", "payload"`;
  for (const row of rows) {
    console.info(["", `[email] not sent (SMTP_URL is unset): "${row.subject}" to ${row.to}`, ...payloadLinks(row.payload).map((link) => `  ${link}`), ""].join("\n"));
  }
  return rows.length;
}

export interface SweepOutcome {
  sent: number;
  retried: number;
  failed: number;
  unsent: number;
}

/**
 * Sends every message that is due (or only those in `ids`), a few at a time, until none is left. Safe to
 * run from several servers at once: each message is claimed by one of them.
 */
export async function sweepOutbox(options: { ids?: number[]; now?: Date; batch?: number } = {}): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { sent: 0, retried: 0, failed: 0, unsent: 0 };
  if (!emailConfigured()) {
    outcome.unsent = await holdUnconfigured(options.now ?? new Date(), options.ids);
    return outcome;
  }
  for (;;) {
    const now = options.now ?? new Date();
    const claimed = await claimDue(options.batch ?? 10, now, options.ids);
    if (claimed.length === 0) return outcome;
    for (const result of await Promise.all(claimed.map((row) => deliver(row, now)))) {
      if (result === "sent") outcome.sent++;
      else if (result === "retry") outcome.retried++;
      else outcome.failed++;
    }
  }
}
