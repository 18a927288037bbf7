import { clearSessionCookie } from "@/lib/auth/session";
import { verifySessionAdmin } from "@/lib/auth/session-admin";
import { json, route } from "@/lib/http";

/**
 * Who is signed in: the admin's name and email, or a 401 that also clears a stale cookie. Not adminRoute: being
 * signed out is an answer here (`isAuthenticated: false`), not an error.
 */
export const GET = route(async (request) => {
  const admin = await verifySessionAdmin(request);
  if (!admin) {
    const response = json({ isAuthenticated: false, admin: null }, { status: 401 });
    clearSessionCookie(response, request);
    return response;
  }
  return json({ isAuthenticated: true, admin: { name: admin.name, email: admin.email } });
});
