import "server-only";

import { render } from "@react-email/render";

import { ConfirmationEmail } from "@/components/emails/confirmation-email";
import { siteConfig } from "@/config/site";
import { publicSiteUrl } from "@/lib/email/site";

/** What the confirmation email needs. Its links are blanked in the outbox once the message is sent. */
export interface ConfirmationPayload {
  name: string;
  confirmUrl: string;
  leaveUrl: string;
}

export type EmailKind = "confirmation";

/** The message of an outbox row: HTML that looks like the site, and a plain-text part. */
export async function renderEmail(kind: EmailKind, payload: ConfirmationPayload): Promise<{ html: string; text: string }> {
  switch (kind) {
    case "confirmation": {
      const element = <ConfirmationEmail productName={siteConfig.name} siteUrl={publicSiteUrl()} {...payload} />;
      const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
      return { html, text };
    }
  }
}

/** The links of a payload, for the development log. */
export function payloadLinks(payload: Partial<ConfirmationPayload>): string[] {
  return [payload.confirmUrl, payload.leaveUrl].filter((link): link is string => typeof link === "string");
}

/** What stands in for a link in the outbox once its message has gone: the token lived only in the email. */
export const REMOVED_LINK = "about:blank#link-removed-once-sent";

/** The payload with its links blanked. */
export function withoutLinks(payload: ConfirmationPayload): ConfirmationPayload {
  return { ...payload, confirmUrl: REMOVED_LINK, leaveUrl: REMOVED_LINK };
}
