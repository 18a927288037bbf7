import { adminRoute } from "@/lib/auth/admin-route";
import { deleteWebhook } from "@/lib/data/webhooks";
import { HttpError } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Removes a webhook and its delivery log: 204, then 404. */
export const DELETE = adminRoute(
  { id: { schema: adminIdSchema, message: "The webhook id must be a positive whole number" } },
  async ({ admin, id }) => {
    if (!(await deleteWebhook(admin, id))) throw new HttpError(404, "No webhook has this id.");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
);
