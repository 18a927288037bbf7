import { adminRoute } from "@/lib/auth/admin-route";
import { waitlistApiRow } from "@/lib/data/waitlist/columns";
import { listWaitlistEntries } from "@/lib/data/waitlist/list";
import { json } from "@/lib/http";
import { waitlistListQuerySchema } from "@/lib/validation/waitlist-query";

/**
 * One page of waitlist entries: `?q=&page=&pageSize=&sort=&confirmed=yes|no` →
 * `{ entries, total, totalIsExact, page, pageSize }`; each entry carries every column of the list
 * (WaitlistApiRow: times as ISO 8601 or null).
 */
export const GET = adminRoute({ query: waitlistListQuerySchema }, async ({ admin, query }) => {
  const result = await listWaitlistEntries(admin, query);
  return json({ ...result, entries: result.entries.map(waitlistApiRow) });
});
