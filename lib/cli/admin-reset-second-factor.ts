import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

import {
  resetSecondFactorFromCommandLine,
  secondFactorStatus,
  type SecondFactorStatus,
} from "@/lib/data/second-factor";
import { getDb } from "@/lib/db";
import { sweepOutboxWithin } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";
import { sweepBudget } from "@/lib/jobs/sweep-budget";
import { emailSchema } from "@/lib/validation/admin";

// For a business with one admin who has lost their authenticator and their recovery codes: no other admin can
// reset it for them, so whoever runs the server does, here. Reached by the database it serves (DATABASE_URL, or
// the embedded one while the dev server is stopped), like admin:create.

/** Long enough for one message to reach the mail server; past it, the site's sweep sends it. */
const SEND_BUDGET_MS = 20_000;

const USAGE = "Usage: npm run admin:reset-second-factor -- --email you@example.com";

/** Reads one line from standard input: a terminal, or whatever is piped in. */
async function askLine(question: string): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    return await new Promise((resolve) => {
      lines.question(question, resolve);
      // Nothing more to read (a closed pipe) is no answer at all.
      lines.once("close", () => resolve(""));
    });
  } finally {
    lines.close();
  }
}

function describe(status: SecondFactorStatus): string {
  const parts = [
    status.totpSince ? "an authenticator app" : null,
    status.passkeys > 0 ? `${status.passkeys} passkey${status.passkeys === 1 ? "" : "s"}` : null,
    status.recoveryCodesLeft > 0 ? `${status.recoveryCodesLeft} unused recovery codes` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "no second factor";
}

export interface CliStreams {
  log: (line: string) => void;
  error: (line: string) => void;
  ask: (question: string) => Promise<string>;
}

/**
 * The admin:reset-second-factor command: names the admin and what they have, asks for "yes", then removes their
 * app, passkeys and recovery codes and ends their sessions, audited and emailed as a reset by another admin is.
 * Returns the process exit code: 0 when reset, 1 when refused or not confirmed (nothing changed).
 */
export async function runAdminResetSecondFactor(
  argv: string[],
  io: CliStreams = { log: console.log, error: console.error, ask: askLine },
): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: { email: { type: "string" } }, strict: true });
    const parsed = emailSchema.safeParse(values.email ?? "");
    if (!parsed.success) {
      for (const issue of parsed.error.issues) io.error(`email: ${issue.message}`);
      io.error(USAGE);
      return 1;
    }
    const admin = await getDb().adminUser.findUnique({
      where: { email: parsed.data },
      select: { id: true, email: true, name: true, isActive: true },
    });
    if (!admin) {
      io.error(`No admin has the email ${parsed.data}.`);
      return 1;
    }
    const status = await secondFactorStatus(admin.id);
    io.log(`${admin.name} <${admin.email}>${admin.isActive ? "" : " (deactivated)"} has ${describe(status)}.`);
    io.log("Resetting removes them all and ends every session; they set a new one up at their next sign-in.");
    const answer = (await io.ask('Type "yes" to reset it: ')).trim().toLowerCase();
    if (answer !== "yes") {
      io.log("Nothing changed.");
      return 1;
    }
    const notice = await resetSecondFactorFromCommandLine(admin.id);
    if (emailConfigured()) {
      const sent = await sweepOutboxWithin(sweepBudget(SEND_BUDGET_MS), { ids: [notice] });
      io.log(
        sent.sent > 0
          ? `Reset. A security notice was sent to ${admin.email}.`
          : `Reset. The security notice to ${admin.email} is queued; the site sends it at its next sweep.`,
      );
    } else {
      io.log(`Reset. The security notice to ${admin.email} is queued (SMTP_URL is not set, so it cannot go yet).`);
    }
    return 0;
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    io.error(USAGE);
    return 1;
  }
}
