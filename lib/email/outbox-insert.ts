import "server-only";

import type { EmailKind } from "@/lib/email/kinds";
import { newMessageIdSql } from "@/lib/email/message-id";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The INSERT of outbox rows of one kind, from `rows`: a SELECT whose columns are named "entryId" (the entry the
 * message is about, or NULL::int for one to the team about no entry), "to", "subject" and "payload". The
 * columns every message has are written here, the same way for every kind: its Message-ID (one rule for every
 * email, lib/email/message-id.ts), when it was queued, and when it is first due (`sendAt`, else at once). The
 * caller adds any ON CONFLICT and RETURNING, and may run it as a CTE of its own statement. A broadcast's rows
 * also carry a "broadcastId" column (`broadcast: true`), so its page can count them and a cancel can stop them.
 */
export function outboxInsertSql(
  kind: EmailKind,
  rows: Prisma.Sql,
  options: { now: Date; sendAt?: Date; broadcast?: boolean },
): Prisma.Sql {
  const { now, sendAt = now } = options;
  const broadcastId = options.broadcast ? Prisma.sql`r."broadcastId"` : Prisma.sql`NULL::int`;
  return Prisma.sql`INSERT INTO "email_outbox" ("entryId", "kind", "to", "subject", "payload", "messageId", "createdAt", "nextAttemptAt", "broadcastId")
    SELECT r."entryId", ${kind}::text, r."to", r."subject", r."payload", ${newMessageIdSql()}, ${now}::timestamptz, ${sendAt}::timestamptz, ${broadcastId}
    FROM (${rows}) AS r`;
}
