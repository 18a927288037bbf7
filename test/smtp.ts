// A real SMTP server for tests (the smtp-server package) that keeps what it receives, parsed by mailparser.
import type { AddressInfo } from "node:net";

import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestMailbox {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first `count` messages once they have arrived (polling, up to `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 (port 0: any free one, or the one given), keeping what arrives in `messages`. */
export async function startMailbox(port = 0, messages: ParsedMail[] = []): Promise<TestMailbox> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} emails, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages.slice(0, count);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mailbox for a whole test file: started before its tests, emptied before each one and stopped after them
 * all. `env` names what each test's environment takes from it (set before each test, removed after).
 */
export function mailboxForEachTest(env: (mailbox: TestMailbox) => Record<string, string>): TestMailbox {
  const messages: ParsedMail[] = [];
  let started: TestMailbox | undefined;
  let names: string[] = [];
  const running = () => {
    if (!started) throw new Error("The test mailbox starts in beforeAll: use it inside a test or hook.");
    return started;
  };
  beforeAll(async () => {
    started = await startMailbox(0, messages);
  });
  afterAll(() => started?.stop());
  beforeEach(() => {
    messages.length = 0;
    const values = env(running());
    names = Object.keys(values);
    Object.assign(process.env, values);
  });
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });
  return {
    get port() {
      return running().port;
    },
    get url() {
      return running().url;
    },
    messages,
    waitFor: (count, timeoutMs) => running().waitFor(count, timeoutMs),
    stop: () => running().stop(),
  };
}

/** The links in a message's plain-text part. */
export function linksIn(mail: ParsedMail): string[] {
  return [...new Set((mail.text ?? "").match(/https?:\/\/[^\s<>"\])]+/g) ?? [])];
}
