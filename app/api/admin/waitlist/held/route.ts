import { adminRoute } from "@/lib/auth/admin-route";
import { deleteHeldEntries, releaseHeldEntries } from "@/lib/data/waitlist/held";
import { json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { heldActionSchema } from "@/lib/validation/held";

/**
 * Held signups, one or a selection: `{ action: "release", ids }` → `{ released }` (each gets its confirmation
 * email now and counts from now on), or `{ action: "delete", ids }` → `{ deleted }`. Ids that are not held
 * are skipped, so a second click, or another admin's, does nothing twice.
 */
export const POST = adminRoute(
  { body: heldActionSchema, maxBytes: 16 * 1024 },
  async ({ admin, body: { action, ids } }) => {
    if (action === "delete") return json({ deleted: await deleteHeldEntries(admin, ids) });
    const { released, outboxIds } = await releaseHeldEntries(admin, ids);
    sendSoon(outboxIds);
    return json({ released });
  },
);
