import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { resetSecondFactor } from "@/lib/data/second-factor";
import { json, parseWith, route } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/**
 * Resets another admin's second factor (an admin with full rights only), for one who lost their device: their
 * passkeys, app and recovery codes go, and so do their sessions.
 */
export const DELETE = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const actor = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The admin id must be a positive whole number");
  await resetSecondFactor(actor, id);
  return json({ message: "Second factor reset. Their sessions have ended." });
});
