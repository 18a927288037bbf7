import { adminRoute } from "@/lib/auth/admin-route";
import { listAdminSessions } from "@/lib/data/sessions";
import { json } from "@/lib/http";

/** The signed-in admin's live sessions: `{ sessions: [{ id, device, ip, createdAt, lastSeenAt, expiresAt, current }] }`. */
export const GET = adminRoute({}, async ({ admin }) => {
  const sessions = await listAdminSessions(admin);
  return json({
    sessions: sessions.map((session) => ({
      ...session,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    })),
  });
});
