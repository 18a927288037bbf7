import { adminRoute } from "@/lib/auth/admin-route";
import { resolveErrorGroup } from "@/lib/data/errors";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Marks an error group resolved → `{ resolved: true }`; a 404 when there is no such open group. */
export const POST = adminRoute(
  { id: { schema: adminIdSchema, message: "The error id must be a positive whole number" } },
  async ({ admin, id }) => {
    if (!(await resolveErrorGroup(admin, id)))
      throw new HttpError(404, "There is no open error with that id: it may be resolved already.");
    return json({ resolved: true });
  },
);
