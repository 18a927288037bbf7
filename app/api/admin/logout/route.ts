import { clearSessionCookie } from "@/lib/auth/session";
import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { endAdminSessions } from "@/lib/data/admins";
import { json, route } from "@/lib/http";

/**
 * Ends the session on the server, not only in this browser: the admin's session version is bumped, so
 * the old cookie (or a copy of it) is refused from now on, and the cookie is cleared. This signs the admin
 * out of every browser at once. A request without a valid session gets the 401 that clears the cookie.
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  await endAdminSessions(admin);
  return json({ message: "You have been successfully logged out" }, { headers: { "Set-Cookie": clearSessionCookie(request) } });
});
