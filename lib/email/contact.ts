import "server-only";

import { WRITE_TO_US, type ContactWay } from "@/content/email-links";
import { emailReplyTo } from "@/lib/email/transport";

/**
 * How this deployment's emails and pages tell a person to reach the team: replying only when replies reach
 * someone (EMAIL_REPLY_TO, sent as Reply-To), else writing to the published address.
 */
export function contactWay(): ContactWay {
  return emailReplyTo() ? { ...WRITE_TO_US, replies: true } : WRITE_TO_US;
}
