import { adminRoute } from "@/lib/auth/admin-route";
import { clearSessionCookie } from "@/lib/auth/session";
import { revokeAdminSession } from "@/lib/data/sessions";
import { json } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/admin";

/** Ends one of the admin's own sessions. Ending this device's own session also clears its cookie. */
export const DELETE = adminRoute(
  { id: { schema: sessionIdSchema, message: "The session id is not valid" } },
  async ({ request, admin, id }) => {
    await revokeAdminSession(admin, id);
    const response = json({ message: "Session ended" });
    if (id === admin.sessionId) clearSessionCookie(response, request);
    return response;
  },
);
