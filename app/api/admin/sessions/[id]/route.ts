import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { clearSessionCookie } from "@/lib/auth/session";
import { revokeAdminSession } from "@/lib/data/sessions";
import { json, parseWith, route } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/admin";

/** Ends one of the admin's own sessions. Ending this device's own session also clears its cookie. */
export const DELETE = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(sessionIdSchema, (await params).id, "The session id is not valid");
  await revokeAdminSession(admin, id);
  const response = json({ message: "Session ended" });
  if (id === admin.sessionId) clearSessionCookie(response, request);
  return response;
});
