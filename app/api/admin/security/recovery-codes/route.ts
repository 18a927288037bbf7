import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { regenerateRecoveryCodes } from "@/lib/data/second-factor";
import { json, route } from "@/lib/http";

/** Replaces the admin's recovery codes with ten new ones: `{ recoveryCodes }`, shown once. */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  return json({ message: "New recovery codes made", recoveryCodes: await regenerateRecoveryCodes(admin) });
});
