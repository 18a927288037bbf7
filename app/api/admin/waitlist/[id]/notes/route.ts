import { adminRoute } from "@/lib/auth/admin-route";
import { addNote } from "@/lib/data/waitlist/notes";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";
import { noteSchema } from "@/lib/validation/notes";

/** Adds a note to an entry: `{ body }` → 201 `{ note }`; 404 for an unknown entry; a viewer gets a 403. */
export const POST = adminRoute(
  {
    id: { schema: adminIdSchema, message: "The entry id must be a positive whole number" },
    body: noteSchema,
    maxBytes: 16 * 1024,
  },
  async ({ admin, id, body }) => {
    const note = await addNote(admin, id, body.body);
    if (!note) throw new HttpError(404, "No waitlist entry has this id.");
    return json({ note }, { status: 201 });
  },
);
