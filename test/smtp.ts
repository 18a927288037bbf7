// A real SMTP server for tests (the smtp-server package) that keeps what it receives, parsed by mailparser.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestMailbox {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Messages refused for going past `perSecond` (each answered 450, as a provider's rate limit does). */
  refused: number;
  /** Resolves with the first `count` messages once they have arrived (polling, up to `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
}

/** How the server behaves: like a provider that is slow, and that refuses bursts. */
export interface MailboxOptions {
  /** Milliseconds it takes to accept each message (after receiving it, before answering). */
  delayMs?: number;
  /** Messages accepted in any one second at most; past it, MAIL FROM is answered 450. */
  perSecond?: number;
  /**
   * Runs on each message as it arrives, before the server answers it: the sender is still waiting on its
   * send, so a test can change the world mid-send. (Not with `delayMs` or `perSecond`.)
   */
  beforeAnswer?: (mail: ParsedMail) => Promise<void> | void;
}

/**
 * Starts an SMTP server on 127.0.0.1 (port 0: any free one, or the one given), keeping what arrives in
 * `messages`. Stopping it closes the connections a pooled client keeps open. With `delayMs` or `perSecond`
 * it plays a provider, in a thread of its own (test/smtp-worker.mjs).
 */
export async function startMailbox(
  port = 0,
  messages: ParsedMail[] = [],
  options: MailboxOptions = {},
): Promise<TestMailbox> {
  if (options.delayMs !== undefined || options.perSecond !== undefined)
    return startProviderMailbox(port, messages, options);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          messages.push(mail);
          await options.beforeAnswer?.(mail);
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
  return mailboxAt(
    actualPort,
    messages,
    () => 0,
    () => new Promise<void>((resolve) => server.close(() => resolve())),
  );
}

type FromWorker =
  | { type: "listening"; port: number }
  | { type: "refused" }
  | { type: "mail"; id: number; mail: ParsedMail }
  | { type: "stopped" };

async function startProviderMailbox(
  port: number,
  messages: ParsedMail[],
  options: MailboxOptions,
): Promise<TestMailbox> {
  const worker = new Worker(path.join(__dirname, "smtp-worker.mjs"), { workerData: { port, ...options } });
  let refused = 0;
  const listening = new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message: FromWorker) => {
      if (message.type === "listening") resolve(message.port);
      else if (message.type === "refused") refused++;
      else if (message.type === "mail") {
        messages.push(message.mail);
        worker.postMessage({ type: "ack", id: message.id });
      }
    });
  });
  const actualPort = await listening;
  return mailboxAt(
    actualPort,
    messages,
    () => refused,
    async () => {
      const stopped = new Promise<void>((resolve) =>
        worker.on("message", (message: FromWorker) => message.type === "stopped" && resolve()),
      );
      worker.postMessage({ type: "stop" });
      await stopped;
      await worker.terminate();
    },
  );
}

function mailboxAt(
  port: number,
  messages: ParsedMail[],
  refused: () => number,
  stop: () => Promise<void>,
): TestMailbox {
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refused() {
      return refused();
    },
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} emails, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages.slice(0, count);
    },
    stop,
  };
}

/**
 * A mailbox for a whole test file: started before its tests, emptied before each one and stopped after them
 * all. `env` names what each test's environment takes from it (set before each test, removed after).
 */
export function mailboxForEachTest(
  env: (mailbox: TestMailbox) => Record<string, string>,
  options: MailboxOptions = {},
): TestMailbox {
  const messages: ParsedMail[] = [];
  let started: TestMailbox | undefined;
  let names: string[] = [];
  const running = () => {
    if (!started) throw new Error("The test mailbox starts in beforeAll: use it inside a test or hook.");
    return started;
  };
  beforeAll(async () => {
    started = await startMailbox(0, messages, options);
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
    get refused() {
      return running().refused;
    },
    waitFor: (count, timeoutMs) => running().waitFor(count, timeoutMs),
    stop: () => running().stop(),
  };
}

/** The links in a message's plain-text part. */
export function linksIn(mail: ParsedMail): string[] {
  return [...new Set((mail.text ?? "").match(/https?:\/\/[^\s<>"\])]+/g) ?? [])];
}
