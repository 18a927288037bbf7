import { adminRoute } from "@/lib/auth/admin-route";
import { clearSessionCookie } from "@/lib/auth/session";
import { endCurrentSession } from "@/lib/data/sessions";
import { json } from "@/lib/http";

/**
 * Signs this device out: its session row is revoked, so the cookie (or a copy of it) is refused from now
 * on, and the cookie is cleared. The admin's other devices stay signed in. A request without a valid
 * session gets the 401 that clears the cookie.
 */
export const POST = adminRoute({}, async ({ request, admin }) => {
  await endCurrentSession(admin);
  const response = json({ message: "You have been successfully logged out" });
  clearSessionCookie(response, request);
  return response;
});
