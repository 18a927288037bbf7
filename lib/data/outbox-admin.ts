import "server-only";

import { roleCan } from "@/lib/auth/roles";
import { assertVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { filterConditions } from "@/lib/data/list-filters";
import { getDb } from "@/lib/db";
import { REMOVED_LINK, renderEmail, withoutLinks, type EmailKind, type EmailPayload } from "@/lib/email/render";
import { Prisma } from "@/lib/generated/prisma/client";
import { ANY_OUTBOX_FILTERS, type OutboxFilter } from "@/lib/validation/outbox-filters";

export const OUTBOX_PAGE_SIZE = 50;

/** One message of the outbox as the admin area lists it. */
export interface OutboxListItem {
  id: number;
  /** Which kind of email (lib/email/kinds); emailKindLabel names it. */
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const LIST_SELECT = {
  id: true,
  kind: true,
  to: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  sentAt: true,
} as const;

/**
 * One page of the outbox, newest first, narrowed by the Emails page's filters (a part of the recipient's
 * address, a kind, a status), each the SQL its descriptor gives.
 */
export async function listOutbox(
  actor: VerifiedAdmin,
  page: number,
  filter: OutboxFilter = {},
): Promise<{ messages: OutboxListItem[]; total: number; page: number; pageSize: number }> {
  assertVerifiedAdmin(actor);
  const db = getDb();
  const where = Prisma.join([Prisma.sql`TRUE`, ...filterConditions(ANY_OUTBOX_FILTERS, filter)], " AND ");
  const [messages, counted] = await Promise.all([
    db.$queryRaw<OutboxListItem[]>`
      SELECT "id", "kind", "to", "subject", "status", "attempts", "lastError", "createdAt", "sentAt"
      FROM "email_outbox" WHERE ${where}
      ORDER BY "id" DESC LIMIT ${OUTBOX_PAGE_SIZE}::int OFFSET ${(page - 1) * OUTBOX_PAGE_SIZE}::int`,
    db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS "count" FROM "email_outbox" WHERE ${where}`,
  ]);
  return { messages, total: counted[0]?.count ?? 0, page, pageSize: OUTBOX_PAGE_SIZE };
}

/** One message with what it looks like: its HTML and plain-text parts, rendered as they were sent. */
export async function getOutboxMessage(
  actor: VerifiedAdmin,
  id: number,
): Promise<(OutboxListItem & { messageId: string; html: string; text: string }) | null> {
  assertVerifiedAdmin(actor);
  const row = await getDb().emailOutbox.findUnique({
    where: { id },
    select: { ...LIST_SELECT, messageId: true, payload: true },
  });
  if (!row) return null;
  const { payload, ...message } = row;
  const kind = row.kind;
  // A message not sent yet still holds its working links (confirm, leave, accept): following one acts for
  // that person, so only a role that may resend emails sees them; others see the message with them blanked.
  const shown = roleCan(actor.role, "resend")
    ? (payload as unknown as EmailPayload)
    : withoutLinks(payload as unknown as EmailPayload);
  const rendered = await renderEmail(kind as EmailKind, shown);
  const note = message.status === "sent" ? "Link removed after sending" : "Link not shown to your role";
  return { ...message, ...withRemovedLinksNoted(rendered, note) };
}

/**
 * A rendered message whose blanked links say so in words: the stand-in address means nothing to an owner
 * reading the email. Its buttons stay, but lead nowhere; where the address itself was printed, the note is, as
 * words that wrap between words (a printed address may break anywhere, and its note inherited that).
 */
export function withRemovedLinksNoted(
  { html, text }: { html: string; text: string },
  note: string,
): { html: string; text: string } {
  return {
    html: html
      .replaceAll(`href="${REMOVED_LINK}"`, "")
      .replaceAll(REMOVED_LINK, `<span style="word-break:normal;overflow-wrap:normal">${note}</span>`),
    text: text.replaceAll(REMOVED_LINK, `(${note})`),
  };
}
