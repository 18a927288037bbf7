import { formatNumber } from "@/lib/format";
import { tagListSchema } from "@/lib/validation/tags";
import { waitlistFilterSchema } from "@/lib/validation/waitlist-query";
import { z } from "@/lib/validation/zod";

/** The most entries one bulk tag edit may name by id: a large selection, still one quick statement. */
export const TAG_EDIT_MAX_IDS = 10_000;

const idsSchema = z
  .array(
    z
      .number({ error: "ids must be entry ids" })
      .int("ids must be entry ids")
      .min(1, "ids must be entry ids")
      .max(2_147_483_647, "ids must be entry ids"),
    { error: "ids must be a list of entry ids" },
  )
  .min(1, { message: "Choose at least one entry" })
  .max(TAG_EDIT_MAX_IDS, { message: `At most ${formatNumber(TAG_EDIT_MAX_IDS)} entries at once` });

/**
 * POST /api/admin/waitlist/tags: tags to `add` and to `remove`, on chosen entries (`ids`) or on every entry a
 * search and filters match (`filter`, as the list's), one or the other. A tag both added and removed is refused.
 */
export const tagEditSchema = z
  .strictObject({
    ids: idsSchema.optional(),
    filter: waitlistFilterSchema.optional(),
    add: tagListSchema.default([]),
    remove: tagListSchema.default([]),
  })
  .superRefine((body, context) => {
    if ((body.ids === undefined) === (body.filter === undefined))
      context.addIssue({ code: "custom", path: ["ids"], message: "Choose the entries: ids, or a filter" });
    if (body.add.length === 0 && body.remove.length === 0)
      context.addIssue({ code: "custom", path: ["add"], message: "Enter a tag to add or remove" });
    const both = body.add.filter((tag) => body.remove.includes(tag));
    if (both.length > 0)
      context.addIssue({
        code: "custom",
        path: ["remove"],
        message: `"${both[0]}" cannot be added and removed at once`,
      });
  });
export type TagEdit = z.output<typeof tagEditSchema>;
export type TagEditInput = z.input<typeof tagEditSchema>;
