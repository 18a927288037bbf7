import { z } from "@/lib/validation/zod";

/** The "You moved up" setting's bounds: a move of at least this many places counts, 10 unless the owner says. */
export const MOVED_UP_PLACES_MIN = 1;
export const MOVED_UP_PLACES_MAX = 1000;
export const MOVED_UP_PLACES_DEFAULT = 10;

const placesMessage = `Enter a whole number of places from ${MOVED_UP_PLACES_MIN} to ${MOVED_UP_PLACES_MAX.toLocaleString("en-US")}`;

/** PUT /api/admin/settings/moved-up and the Settings form: the "You moved up" updates, on or off, and after how many places. */
export const movedUpSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  places: z
    .number({ error: placesMessage })
    .int({ message: placesMessage })
    .min(MOVED_UP_PLACES_MIN, { message: placesMessage })
    .max(MOVED_UP_PLACES_MAX, { message: placesMessage }),
});
export type MovedUpSettings = z.infer<typeof movedUpSettingsSchema>;

/** PUT /api/admin/settings/try-otto and the Settings form: the landing page's live demo, on or off. */
export const tryOttoSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
});
export type TryOttoSettings = z.infer<typeof tryOttoSettingsSchema>;
