import { adminRoute } from "@/lib/auth/admin-route";
import { getTryOttoSettings, setTryOttoSettings } from "@/lib/data/site-settings";
import { json } from "@/lib/http";
import { tryOttoSettingsSchema } from "@/lib/validation/site-settings";

/** The landing page's live demo switch: `{ enabled }`. */
export const GET = adminRoute({}, async ({ admin }) => json(await getTryOttoSettings(admin)));

/** Turns it on or off (an admin with full rights only), audited: `{ enabled }` → `{ enabled }`. */
export const PUT = adminRoute({ body: tryOttoSettingsSchema, maxBytes: 256 }, async ({ admin, body }) =>
  json(await setTryOttoSettings(admin, body)),
);
