import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { sendTestEvent } from "@/lib/data/webhooks";
import { HttpError, json, parseWith, route } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Sends a webhook a test event now: `{ delivered, responseStatus, error }` of that attempt. */
export const POST = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The webhook id must be a positive whole number");
  const result = await sendTestEvent(admin, id);
  if (!result) throw new HttpError(404, "No webhook has this id.");
  return json(result);
});
