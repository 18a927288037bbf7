import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { deleteWebhook } from "@/lib/data/webhooks";
import { HttpError, parseWith, route } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Removes a webhook and its delivery log: 204, then 404. */
export const DELETE = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The webhook id must be a positive whole number");
  if (!(await deleteWebhook(admin, id))) throw new HttpError(404, "No webhook has this id.");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
