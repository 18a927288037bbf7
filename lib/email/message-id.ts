import "server-only";

import { publicSiteUrl } from "@/lib/email/site";
import { Prisma } from "@/lib/generated/prisma/client";

/** The domain of our Message-IDs: the site's host. */
export function messageDomain(): string {
  return new URL(publicSiteUrl()).hostname;
}

/**
 * The SQL expression of a new message's Message-ID, made as its outbox row is written: a random UUID at the
 * site's host, stored with the row, so every attempt sends the same one and a retry is recognisably the same
 * mail. The rule itself is the database function `email_message_id` (prisma/sql/functions/email_message_id.sql),
 * which the mail queued by database functions (the signup alerts) uses too: one rule for every email.
 */
export function newMessageIdSql(): Prisma.Sql {
  return Prisma.sql`"email_message_id"(${messageDomain()}::text)`;
}
