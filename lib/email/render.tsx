import "server-only";

import { render } from "@react-email/render";

import { siteConfig } from "@/config/site";
import { contactWay } from "@/lib/email/contact";
import type { EmailContext, EmailKindDefinition } from "@/lib/email/email-kind";
import { emailKindOf, type EmailPayload } from "@/lib/email/kinds";
import { publicSiteUrl } from "@/lib/email/site";

// Each kind of email has one file in lib/email/kinds/ (its payload schema, subject, template and the one way
// its rows enter the outbox), listed in lib/email/kinds/index.ts. This file renders an outbox row by its kind.

export type { EmailContext } from "@/lib/email/email-kind";
export type { EmailKind, EmailPayload } from "@/lib/email/kinds";

/**
 * An outbox row that cannot be rendered however often it is tried: a kind this version does not know, or a
 * payload that does not fit its kind's schema (written by another version, or by hand). The sweep fails that
 * message at once with this message as its last error, and sends the others.
 */
export class EmailPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailPayloadError";
  }
}

/** The template's element for a payload checked against its kind's schema. */
function elementOf(definition: EmailKindDefinition, payload: unknown, common: EmailContext) {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.length ? issue.path.join(".") : "payload"}: ${issue.message}`)
      .join("; ");
    throw new EmailPayloadError(`the payload of this ${definition.kind} email does not fit its kind (${problems})`);
  }
  return definition.template(parsed.data, common);
}

/** The message of an outbox row: HTML that looks like the site, and a plain-text part. */
export async function renderEmail(kind: string, payload: unknown): Promise<{ html: string; text: string }> {
  const definition = emailKindOf(kind);
  if (!definition) throw new EmailPayloadError(`"${kind}" is not a kind of email this version knows`);
  const element = elementOf(definition as EmailKindDefinition, payload, {
    productName: siteConfig.name,
    siteUrl: publicSiteUrl(),
    contact: contactWay(),
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

const LINK_FIELDS = ["confirmUrl", "acceptUrl", "leaveUrl", "statusUrl"] as const;

/** The links of a payload, for the development log. */
export function payloadLinks(payload: object): string[] {
  const fields = payload as Partial<Record<(typeof LINK_FIELDS)[number], unknown>>;
  return LINK_FIELDS.map((field) => fields[field]).filter((link): link is string => typeof link === "string");
}

/** What stands in for a link in the outbox once its message has gone: the token lived only in the email. */
export const REMOVED_LINK = "about:blank#link-removed-once-sent";

/** The payload with its links blanked. */
export function withoutLinks<P extends EmailPayload>(payload: P): P {
  const copy: Record<string, unknown> = { ...payload };
  for (const field of LINK_FIELDS) if (field in copy) copy[field] = REMOVED_LINK;
  return copy as P;
}

/** A broadcast's HTML as its emails will show it, with a stand-in leave link: the composer's preview. */
export async function renderBroadcastPreview(message: { subject: string; body: string }): Promise<string> {
  const { html } = await renderEmail("broadcast", { ...message, leaveUrl: `${publicSiteUrl()}/waitlist/leave` });
  return html;
}
