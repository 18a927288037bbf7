import { adminRoute } from "@/lib/auth/admin-route";
import { getMovedUpSettings, setMovedUpSettings } from "@/lib/data/site-settings";
import { json } from "@/lib/http";
import { movedUpSettingsSchema } from "@/lib/validation/site-settings";

/** The "You moved up" updates: `{ enabled, places }`. */
export const GET = adminRoute({}, async ({ admin }) => json(await getMovedUpSettings(admin)));

/** Changes them (an admin with full rights only): `{ enabled, places }` → `{ enabled, places }`. */
export const PUT = adminRoute({ body: movedUpSettingsSchema, maxBytes: 1024 }, async ({ admin, body }) =>
  json(await setMovedUpSettings(admin, body)),
);
