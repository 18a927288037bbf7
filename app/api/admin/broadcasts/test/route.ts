import { adminRoute } from "@/lib/auth/admin-route";
import { sendTestBroadcast } from "@/lib/data/broadcasts";
import { json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { broadcastMessageSchema } from "@/lib/validation/broadcasts";

/** "Send me a test": the message to the signed-in admin's own address → `{ to }`. */
export const POST = adminRoute({ body: broadcastMessageSchema, maxBytes: 64 * 1024 }, async ({ admin, body }) => {
  const { outboxId, to } = await sendTestBroadcast(admin, body);
  sendSoon(outboxId);
  return json({ to });
});
