import { clearSessionCookie } from "@/lib/auth/session";
import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { json, route } from "@/lib/http";

/** Ends the session: the cookie is cleared (a 401 for no session clears it too). */
export const POST = route(async (request) => {
  await requireAdmin(request);
  requireSameOrigin(request);
  return json({ message: "You have been successfully logged out" }, { headers: { "Set-Cookie": clearSessionCookie(request) } });
});
