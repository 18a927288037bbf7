import { adminRoute } from "@/lib/auth/admin-route";
import { deleteSegment } from "@/lib/data/segments";
import { HttpError } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Deletes a segment (broadcasts keep the filter they were made with): 204, then 404. */
export const DELETE = adminRoute(
  { id: { schema: adminIdSchema, message: "The segment id must be a positive whole number" } },
  async ({ admin, id }) => {
    if (!(await deleteSegment(admin, id))) throw new HttpError(404, "No segment has this id.");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
);
