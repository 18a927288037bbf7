import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { deleteHeldEntries, releaseHeldEntries } from "@/lib/data/waitlist/held";
import { sendSoon } from "@/lib/email/send-soon";
import { json, parseWith, readJson, route } from "@/lib/http";
import { heldActionSchema } from "@/lib/validation/held";

/**
 * Held signups, one or a selection: `{ action: "release", ids }` → `{ released }` (each gets its confirmation
 * email now and counts from now on), or `{ action: "delete", ids }` → `{ deleted }`. Ids that are not held
 * are skipped, so a second click, or another admin's, does nothing twice.
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const { action, ids } = parseWith(heldActionSchema, await readJson(request, { maxBytes: 16 * 1024 }));
  if (action === "delete") return json({ deleted: await deleteHeldEntries(admin, ids) });
  const { released, outboxIds } = await releaseHeldEntries(admin, ids);
  sendSoon(outboxIds);
  return json({ released });
});
