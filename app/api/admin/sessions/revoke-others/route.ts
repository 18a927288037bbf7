import { adminRoute } from "@/lib/auth/admin-route";
import { revokeOtherAdminSessions } from "@/lib/data/sessions";
import { json } from "@/lib/http";

/** Ends every session of the admin except this device's: `{ ended: number }`. */
export const POST = adminRoute({}, async ({ admin }) => {
  const ended = await revokeOtherAdminSessions(admin);
  return json({ message: ended === 1 ? "1 other session ended" : `${ended} other sessions ended`, ended });
});
