import { expect, test } from "@playwright/test";
import type { ParsedMail } from "mailparser";

import { startMailbox, type TestMailbox } from "@/test/smtp";

/** Who a received message was addressed to (one recipient: the site sends each message to one person). */
export const recipientOf = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");

/** The real SMTP server a spec's tests read their email from. */
export interface E2EMailbox {
  /** Every message received since the mailbox started, in arrival order. */
  readonly messages: ParsedMail[];
  /** The messages to one address, in arrival order. */
  to(address: string): ParsedMail[];
  /** Waits for the first message to `address` whose subject starts with (or matches) `subject`, and returns it. */
  mailTo(address: string, options?: { subject?: string | RegExp; timeoutMs?: number }): Promise<ParsedMail>;
  /** Stops it: mail sent meanwhile is refused, as when a provider is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port after stop(). */
  restart(): Promise<void>;
}

/**
 * The SMTP server the e2e site sends to (E2E_SMTP_PORT; nothing listens there otherwise), for the tests of the
 * file or describe block that calls this: started before them and stopped after, so each spec reads only the
 * mail its own tests caused.
 */
export function mailboxForTheseTests(): E2EMailbox {
  let current: TestMailbox | undefined;
  const start = async () => {
    current = await startMailbox(Number(process.env.E2E_SMTP_PORT));
  };
  const running = () => {
    if (!current) throw new Error("The test mailbox is not running.");
    return current;
  };
  test.beforeAll(start);
  test.afterAll(async () => {
    await current?.stop();
    current = undefined;
  });

  const subjectMatches = (mail: ParsedMail, subject: string | RegExp | undefined) =>
    subject === undefined ||
    (typeof subject === "string" ? (mail.subject ?? "").startsWith(subject) : subject.test(mail.subject ?? ""));

  const mailbox: E2EMailbox = {
    get messages() {
      return running().messages;
    },
    to: (address) => running().messages.filter((mail) => recipientOf(mail) === address.toLowerCase()),
    async mailTo(address, { subject, timeoutMs = 20_000 } = {}) {
      const find = () => mailbox.to(address).find((mail) => subjectMatches(mail, subject));
      await expect
        .poll(() => find() !== undefined, {
          message: `an email to ${address}${subject ? ` (${subject})` : ""}`,
          timeout: timeoutMs,
          intervals: [100, 250, 500, 1_000],
        })
        .toBe(true);
      return find()!;
    },
    async stop() {
      await running().stop();
      current = undefined;
    },
    restart: start,
  };
  return mailbox;
}
