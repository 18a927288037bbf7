import { z } from "@/lib/validation/zod";

/** The most held entries one Release or Delete may name: a page of the list, and then some. */
export const HELD_ACTION_MAX = 500;

/** POST /api/admin/waitlist/held: release or delete held entries, one or a selection. */
export const heldActionSchema = z.object({
  action: z.enum(["release", "delete"], { error: "action must be release or delete" }),
  ids: z
    .array(
      z
        .number({ error: "ids must be entry ids" })
        .int("ids must be entry ids")
        .positive("ids must be entry ids")
        .max(2_147_483_647, "ids must be entry ids"),
      {
        error: "ids must be a list of entry ids",
      },
    )
    .min(1, "Choose at least one entry")
    .max(HELD_ACTION_MAX, `At most ${HELD_ACTION_MAX} entries at a time`),
});
export type HeldAction = z.output<typeof heldActionSchema>;
