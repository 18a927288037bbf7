import "server-only";

import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool";

import { siteConfig } from "@/config/site";
import { publicSiteUrl } from "@/lib/email/site";
import { env } from "@/lib/env";

/** True when SMTP_URL is set: without it, messages wait in the outbox as "not sent". */
export function emailConfigured(): boolean {
  return !!env().SMTP_URL;
}

/** The From address: EMAIL_FROM, or the product at a no-reply address of the site's own host. */
export function emailFrom(): string {
  return env().EMAIL_FROM ?? `${siteConfig.name} <no-reply@${new URL(publicSiteUrl()).hostname}>`;
}

/** Where replies go (EMAIL_REPLY_TO), or nothing: the From address is not read by anyone. */
export function emailReplyTo(): string | undefined {
  return env().EMAIL_REPLY_TO;
}

// Short timeouts: a mail server that hangs must not hold a message, or the sweep that sent it, for long.
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * The longest one message takes once handed to the mail server, whether it is accepted or not: a new
 * connection's timeouts and one stalled reply. A sweep starts no message later than this before its deadline.
 */
export const SEND_TIMEOUT_MS = TIMEOUTS.connectionTimeout + TIMEOUTS.greetingTimeout + TIMEOUTS.socketTimeout;

/** SMTP connections kept open at most; the pool opens them only as the rate needs them. */
const MAX_CONNECTIONS = 5;

/**
 * Messages go out evenly spaced, EMAIL_RATE_PER_SECOND in every 1.05 s rather than every second: the network
 * may delay one message and not the next, and the mail server counts what arrives, not what left.
 */
const RATE_WINDOW_MS = 1_050;

/** One message handed to the pool; `reached` is called once it has reached the mail server, or failed first. */
interface Handover {
  reached: () => void;
}

interface Waiter extends Handover {
  begin: () => boolean;
  resolve: (handover: Handover | null) => void;
}

/**
 * Hands messages to the pool one at a time, in the order they asked: each waits for a free connection and
 * for its slot of the rate, counted from when the message before it reached the mail server (its MAIL FROM
 * was written), not from when it was handed over: work that holds up this process between the two (rendering
 * the next emails, say) could otherwise bunch two messages up on the wire. nodemailer's own `rateLimit` is
 * not enough: it counts a window of `rateDelta` that lets a whole window's messages out in one burst, it does
 * not count the first message of a new connection, and each copy of the module (Next bundles the
 * instrumentation hook apart from the routes) would count on its own. This gate is kept once per process.
 */
class SendGate {
  spacingMs = 1_000;
  private nextAt = 0;
  private sending = 0;
  /** The message handed over last, until it reaches the mail server. */
  private onItsWay: Handover | null = null;
  private readonly waiting: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Resolves with a handover when the message may go now (then call `finished` with it once it has gone or
   * failed), or null when `begin`, asked at its turn, says it may no longer start.
   */
  turn(begin: () => boolean, reached: () => void): Promise<Handover | null> {
    return new Promise((resolve) => {
      this.waiting.push({ begin, reached, resolve });
      this.pump();
    });
  }

  /** The message handed over has reached the mail server: the next slot counts from now. */
  reached(): void {
    const handover = this.onItsWay;
    if (!handover) return;
    this.onItsWay = null;
    this.nextAt = performance.now() + this.spacingMs;
    handover.reached();
    this.pump();
  }

  /** A message handed over has gone, or failed: its connection is free. */
  finished(handover: Handover): void {
    this.sending--;
    // It failed before reaching the server (no connection, say): its slot counts from its handover.
    if (this.onItsWay === handover) {
      this.onItsWay = null;
      handover.reached();
    }
    this.pump();
  }

  /** Roughly how long a message asking now would wait for its slot (free connections allowing). */
  waitMs(): number {
    return Math.max(0, this.nextAt - performance.now()) + this.waiting.length * this.spacingMs;
  }

  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (let head = this.waiting[0]; head; head = this.waiting[0]) {
      // A free connection ends a send (finished), and a message reaching the server (reached): each pumps again.
      if (this.sending >= MAX_CONNECTIONS || this.onItsWay) return;
      const now = performance.now();
      if (now < this.nextAt) {
        this.timer = setTimeout(() => this.pump(), this.nextAt - now);
        return;
      }
      this.waiting.shift();
      // Asked at the moment of its turn, never before: a message that may no longer start gives its slot to the next.
      if (!head.begin()) {
        head.resolve(null);
        continue;
      }
      const handover: Handover = { reached: head.reached };
      this.sending++;
      this.onItsWay = handover;
      this.nextAt = now + this.spacingMs;
      head.resolve(handover);
    }
  }
}

const silentLogger = { level() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };

interface Sender {
  url: string | undefined;
  transport: Transporter<SMTPPool.SentMessageInfo> | undefined;
  gate: SendGate;
}

const SENDER = Symbol.for("otto.email.sender");

/** The process's one sender, whichever bundle asks: its transport and its gate. */
function sender(): Sender {
  const holder = globalThis as unknown as Record<symbol, Sender | undefined>;
  holder[SENDER] ??= { url: undefined, transport: undefined, gate: new SendGate() };
  return holder[SENDER];
}

/**
 * The pooled SMTP transport for SMTP_URL (nodemailer reads the user, password, host, port and TLS from it),
 * made once per URL. A connection that fails or is closed mid-message is not retried by the pool: the outbox
 * retries the message, paced and within a sweep's budget.
 */
export function smtpTransport(): Transporter<SMTPPool.SentMessageInfo> {
  const url = env().SMTP_URL;
  if (!url) throw new Error("Email is not configured (SMTP_URL is unset).");
  const current = sender();
  if (!current.transport || current.url !== url) {
    current.transport?.close();
    const gate = current.gate;
    const options: SMTPPool.Options & { maxRequeues: number } = {
      pool: true,
      url,
      maxConnections: MAX_CONNECTIONS,
      maxRequeues: 0,
      ...TIMEOUTS,
      // The SMTP commands as they are written (no message content): the gate learns when each message
      // reaches the server by its MAIL FROM. Nothing is logged.
      transactionLog: true,
      logger: {
        ...silentLogger,
        debug(entry: { tnx?: string }, line: unknown) {
          if (entry.tnx === "client" && /^MAIL FROM:/i.test(String(line))) gate.reached();
        },
      },
    };
    current.transport = nodemailer.createTransport(new SMTPPool(options));
    current.url = url;
  }
  return current.transport;
}

/** The time between two messages at EMAIL_RATE_PER_SECOND. */
export function sendSpacingMs(): number {
  return RATE_WINDOW_MS / env().EMAIL_RATE_PER_SECOND;
}

/** Roughly how long a message asking now would wait for its turn to go. */
export function sendWaitMs(): number {
  return sender().gate.waitMs();
}

/**
 * Sends a message over the pool once its turn comes (a free connection, and its slot of the rate), or not at
 * all: `begin()` is asked at that moment whether it may still start. False when it was not sent for that.
 * `reached()` is called once the message has reached the mail server (or failed before it could).
 */
export async function sendPaced(
  message: SendMailOptions,
  begin: () => boolean,
  reached: () => void = () => {},
): Promise<boolean> {
  const transport = smtpTransport();
  const { gate } = sender();
  gate.spacingMs = sendSpacingMs();
  const handover = await gate.turn(begin, reached);
  if (!handover) return false;
  try {
    await transport.sendMail(message);
    return true;
  } finally {
    // The pool frees the connection just after it reports the send: the next message then finds it free
    // rather than opening another.
    setImmediate(() => gate.finished(handover));
  }
}
