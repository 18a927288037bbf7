import { adminRoute } from "@/lib/auth/admin-route";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { HttpError } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";
import { deleteEntryQuerySchema } from "@/lib/validation/import";

/**
 * Erases one entry (GDPR): its row, tokens and email go, and the count goes down. 204, then 404 for the same id.
 * With `?suppress=1` ("and never import again") its address's keyed hash joins the suppression list.
 */
export const DELETE = adminRoute(
  {
    id: { schema: adminIdSchema, message: "The entry id must be a positive whole number" },
    query: deleteEntryQuerySchema,
  },
  async ({ admin, id, query: { suppress } }) => {
    if (!(await deleteWaitlistEntry(admin, id, { suppress: suppress === "1" })))
      throw new HttpError(404, "No waitlist entry has this id.");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  },
);
