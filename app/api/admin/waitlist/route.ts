import { adminRoute } from "@/lib/auth/admin-route";
import { listWaitlistEntries } from "@/lib/data/waitlist/list";
import { json } from "@/lib/http";
import { waitlistListQuerySchema } from "@/lib/validation/waitlist-query";

/**
 * One page of waitlist entries: `?q=&page=&pageSize=&sort=&confirmed=yes|no` →
 * `{ entries, total, totalIsExact, page, pageSize }`; each entry carries `confirmedAt`, `status`, `invitedAt`
 * and `acceptedAt` (times as ISO 8601 or null).
 */
export const GET = adminRoute({ query: waitlistListQuerySchema }, async ({ admin, query }) => {
  const result = await listWaitlistEntries(admin, query);
  return json({
    ...result,
    entries: result.entries.map((entry) => ({
      ...entry,
      joinedAt: entry.joinedAt.toISOString(),
      confirmedAt: entry.confirmedAt?.toISOString() ?? null,
      invitedAt: entry.invitedAt?.toISOString() ?? null,
      acceptedAt: entry.acceptedAt?.toISOString() ?? null,
      heldAt: entry.heldAt?.toISOString() ?? null,
    })),
  });
});
