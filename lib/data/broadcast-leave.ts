import "server-only";

import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A statement part for the leave link's erasure (`erased`, a CTE of that statement): the broadcast that last
 * reached the person counts one more who left after it. Their emails go with them, so this is the count's
 * only record.
 */
export function creditLeaveToBroadcastSql(): Prisma.Sql {
  return Prisma.sql`UPDATE "broadcasts" SET "leftCount" = "leftCount" + 1
    WHERE "id" = (SELECT o."broadcastId" FROM "email_outbox" AS o
                  WHERE o."entryId" IN (SELECT "id" FROM erased) AND o."broadcastId" IS NOT NULL AND o."status" = 'sent'
                  ORDER BY o."sentAt" DESC, o."id" DESC LIMIT 1)`;
}
