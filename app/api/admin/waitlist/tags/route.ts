import { adminRoute } from "@/lib/auth/admin-route";
import { editTags } from "@/lib/data/waitlist/tags";
import { json } from "@/lib/http";
import { tagEditSchema } from "@/lib/validation/tag-edit";

/**
 * Tags on entries: `{ ids | filter, add?, remove? }` → `{ matched, tagged, untagged, full }`. One entry, a
 * selection of up to 10,000 ids, or everything a search and filters match, in one statement.
 */
export const POST = adminRoute(
  { body: tagEditSchema, maxBytes: 256 * 1024, bodyMessage: "Please check the tags." },
  async ({ admin, body }) => json(await editTags(admin, body)),
);
