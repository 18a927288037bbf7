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
 * mail. Every email queued from here gets its Message-ID from this one expression.
 */
export function newMessageIdSql(): Prisma.Sql {
  return Prisma.sql`'<' || gen_random_uuid()::text || '@' || ${messageDomain()}::text || '>'`;
}
