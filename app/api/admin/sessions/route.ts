import { requireAdmin } from "@/lib/auth/guard";
import { listAdminSessions } from "@/lib/data/sessions";
import { json, route } from "@/lib/http";

/** The signed-in admin's live sessions: `{ sessions: [{ id, device, ip, createdAt, lastSeenAt, expiresAt, current }] }`. */
export const GET = route(async (request) => {
  const admin = await requireAdmin(request);
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
