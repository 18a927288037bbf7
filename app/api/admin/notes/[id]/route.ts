import { adminRoute } from "@/lib/auth/admin-route";
import { changeNote } from "@/lib/data/waitlist/notes";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";
import { noteSchema } from "@/lib/validation/notes";

const id = { schema: adminIdSchema, message: "The note id must be a positive whole number" };
const NO_NOTE = "No note has this id.";

/** Edits a note: `{ body }` → `{ note }`. Its author or a full admin only (403); 404 for an unknown note. */
export const PATCH = adminRoute({ id, body: noteSchema, maxBytes: 16 * 1024 }, async ({ admin, id, body }) => {
  const note = await changeNote(admin, id, body.body);
  if (note === null) throw new HttpError(404, NO_NOTE);
  return json({ note });
});

/** Deletes a note: 204. Its author or a full admin only (403); 404 for an unknown note. */
export const DELETE = adminRoute({ id }, async ({ admin, id }) => {
  if ((await changeNote(admin, id, null)) === null) throw new HttpError(404, NO_NOTE);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
