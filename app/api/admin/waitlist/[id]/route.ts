import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { HttpError, parseWith, readQuery, route } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";
import { deleteEntryQuerySchema } from "@/lib/validation/import";

/**
 * Erases one entry (GDPR): its row, tokens and email go, and the count goes down. 204, then 404 for the same id.
 * With `?suppress=1` ("and never import again") its address's keyed hash joins the suppression list.
 */
export const DELETE = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The entry id must be a positive whole number");
  const { suppress } = readQuery(request, deleteEntryQuerySchema);
  if (!(await deleteWaitlistEntry(admin, id, { suppress: suppress === "1" })))
    throw new HttpError(404, "No waitlist entry has this id.");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
