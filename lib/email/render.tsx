import "server-only";

import { render } from "@react-email/render";

import { ConfirmationEmail } from "@/components/emails/confirmation-email";
import { InvitationEmail } from "@/components/emails/invitation-email";
import { siteConfig } from "@/config/site";
import { publicSiteUrl } from "@/lib/email/site";

/** What the confirmation email needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmationPayload {
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

/** What the invitation email needs. Its links are blanked in the outbox once the message is sent. */
export interface InvitationPayload {
  name: string;
  acceptUrl: string;
  leaveUrl: string;
  note: string;
}

export type EmailKind = "confirmation" | "invitation";

/** Any outbox payload: each kind's fields, every link among them blanked once sent. */
export type EmailPayload = ConfirmationPayload | InvitationPayload;

/** The message of an outbox row: HTML that looks like the site, and a plain-text part. */
export async function renderEmail(kind: EmailKind, payload: EmailPayload): Promise<{ html: string; text: string }> {
  const common = { productName: siteConfig.name, siteUrl: publicSiteUrl() };
  const element =
    kind === "invitation" ? (
      <InvitationEmail {...common} {...(payload as InvitationPayload)} />
    ) : (
      <ConfirmationEmail {...common} {...(payload as ConfirmationPayload)} />
    );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

const LINK_FIELDS = ["confirmUrl", "acceptUrl", "leaveUrl"] as const;

/** The links of a payload, for the development log. */
export function payloadLinks(payload: Partial<Record<(typeof LINK_FIELDS)[number], unknown>>): string[] {
  return LINK_FIELDS.map((field) => payload[field]).filter((link): link is string => typeof link === "string");
}

/** What stands in for a link in the outbox once its message has gone: the token lived only in the email. */
export const REMOVED_LINK = "about:blank#link-removed-once-sent";

/** The payload with its links blanked. */
export function withoutLinks<P extends EmailPayload>(payload: P): P {
  const copy: Record<string, unknown> = { ...payload };
  for (const field of LINK_FIELDS) if (field in copy) copy[field] = REMOVED_LINK;
  return copy as P;
}
