import { adminRoute } from "@/lib/auth/admin-route";
import { createBroadcast } from "@/lib/data/broadcasts";
import { json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { broadcastSchema } from "@/lib/validation/broadcasts";

/**
 * Sends a broadcast to a segment now, or schedules it: `{ subject, body, segmentId, includeUnconfirmed?,
 * sendAt? }` → 201 `{ id, scheduled }`. Sent now, its emails are queued in the same request.
 */
export const POST = adminRoute({ body: broadcastSchema, maxBytes: 64 * 1024 }, async ({ admin, body }) => {
  const { id, outboxIds, scheduled } = await createBroadcast(admin, body);
  sendSoon(outboxIds);
  return json({ id, scheduled }, { status: 201 });
});
