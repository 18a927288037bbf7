import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { revokeOtherAdminSessions } from "@/lib/data/sessions";
import { json, route } from "@/lib/http";

/** Ends every session of the admin except this device's: `{ ended: number }`. */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const ended = await revokeOtherAdminSessions(admin);
  return json({ message: ended === 1 ? "1 other session ended" : `${ended} other sessions ended`, ended });
});
