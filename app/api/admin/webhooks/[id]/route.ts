import { adminRoute } from "@/lib/auth/admin-route";
import { deleteWebhook, setWebhookTagEvents } from "@/lib/data/webhooks";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";
import { webhookEventsSchema } from "@/lib/validation/webhooks";

const webhookId = { schema: adminIdSchema, message: "The webhook id must be a positive whole number" };

/** Chooses whether the webhook also receives tag events: `{ tagEvents }` → `{ tagEvents }`; 404 for an unknown id. */
export const PATCH = adminRoute(
  { id: webhookId, body: webhookEventsSchema, maxBytes: 1024 },
  async ({ admin, id, body: { tagEvents } }) => {
    if (!(await setWebhookTagEvents(admin, id, tagEvents))) throw new HttpError(404, "No webhook has this id.");
    return json({ tagEvents });
  },
);

/** Removes a webhook and its delivery log: 204, then 404. */
export const DELETE = adminRoute({ id: webhookId }, async ({ admin, id }) => {
  if (!(await deleteWebhook(admin, id))) throw new HttpError(404, "No webhook has this id.");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
