import { adminRoute } from "@/lib/auth/admin-route";
import { sendTestEvent } from "@/lib/data/webhooks";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Sends a webhook a test event now: `{ delivered, responseStatus, error }` of that attempt. */
export const POST = adminRoute(
  { id: { schema: adminIdSchema, message: "The webhook id must be a positive whole number" } },
  async ({ admin, id }) => {
    const result = await sendTestEvent(admin, id);
    if (!result) throw new HttpError(404, "No webhook has this id.");
    return json(result);
  },
);
