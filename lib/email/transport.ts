import "server-only";

import nodemailer, { type Transporter } from "nodemailer";

import { siteConfig } from "@/config/site";
import { env } from "@/lib/env";
import { publicSiteUrl } from "@/lib/email/site";

let cached: { url: string; transport: Transporter } | undefined;

/** True when SMTP_URL is set: without it, messages wait in the outbox as "not sent". */
export function emailConfigured(): boolean {
  return !!env().SMTP_URL;
}

/** The From address: EMAIL_FROM, or the product at a no-reply address of the site's own host. */
export function emailFrom(): string {
  return env().EMAIL_FROM ?? `${siteConfig.name} <no-reply@${new URL(publicSiteUrl()).hostname}>`;
}

/**
 * The SMTP transport for SMTP_URL (nodemailer reads the user, password, host, port and TLS from it),
 * made once per URL. Short timeouts: a mail server that hangs must not hold a message's claim for long.
 */
export function smtpTransport(): Transporter {
  const url = env().SMTP_URL;
  if (!url) throw new Error("Email is not configured (SMTP_URL is unset).");
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = { url, transport: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }) };
  }
  return cached.transport;
}
