import "server-only";

import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { auditInsertSql } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/** One cause of errors as /admin/errors shows it. */
export interface ErrorGroup {
  id: number;
  kind: "server" | "browser";
  name: string;
  message: string;
  route: string;
  method: string;
  release: string;
  stack: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

/** The groups, newest first: the open ones, or the resolved ones. Every admin reads them. */
export async function listErrorGroups(
  actor: VerifiedAdmin,
  { resolved = false, limit = 100 }: { resolved?: boolean; limit?: number } = {},
): Promise<ErrorGroup[]> {
  assertVerifiedAdmin(actor);
  return getDb().$queryRaw<ErrorGroup[]>`
    SELECT "id", "kind", "name", "message", "route", "method", "release", "stack", "count", "firstSeenAt",
           "lastSeenAt", "resolvedAt", "resolvedBy"
    FROM "error_events"
    WHERE ("resolvedAt" IS NOT NULL) = ${resolved}
    ORDER BY "lastSeenAt" DESC, "id" DESC
    LIMIT ${limit}::int`;
}

/**
 * Marks a group resolved, audited. It opens again by itself when the error happens again. False when there is
 * no such open group.
 */
export async function resolveErrorGroup(actor: VerifiedAdmin, id: number, now = new Date()): Promise<boolean> {
  assertAdminCan(actor, "errors");
  const rows = await getDb().$queryRaw<{ id: number }[]>`
    WITH resolved AS (
      UPDATE "error_events" SET "resolvedAt" = ${now}::timestamptz, "resolvedBy" = ${actor.email}
      WHERE "id" = ${id}::int AND "resolvedAt" IS NULL
      RETURNING "id", "name", "route", "count"
    ),
    audit AS (${auditInsertSql(auditActorOf(actor), "error.resolve", {
      target: Prisma.sql`'error:' || "id"`,
      details: Prisma.sql`jsonb_build_object('name', "name", 'route', "route", 'count', "count")`,
      at: now,
      from: Prisma.sql`FROM resolved`,
    })})
    SELECT "id" FROM resolved`;
  return rows.length > 0;
}
