import { adminRoute } from "@/lib/auth/admin-route";
import { cancelBroadcast } from "@/lib/data/broadcasts";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Cancels a scheduled or sending broadcast: nothing more of it is sent → `{ cancelled: true }`, else 409. */
export const POST = adminRoute(
  { id: { schema: adminIdSchema, message: "The broadcast id must be a positive whole number" } },
  async ({ admin, id }) => {
    if (!(await cancelBroadcast(admin, id)))
      throw new HttpError(409, "This broadcast has already finished or been cancelled.");
    return json({ cancelled: true });
  },
);
