import { adminRoute } from "@/lib/auth/admin-route";
import { getNotifyChoice, setNotifyChoice } from "@/lib/data/notifications";
import { json } from "@/lib/http";
import { notifySchema } from "@/lib/validation/notifications";

/** The signed-in admin's email about signups: `{ notify: "each" | "digest" | "none" }`. */
export const GET = adminRoute({}, async ({ admin }) => json({ notify: await getNotifyChoice(admin) }));

/** Changes the signed-in admin's own choice: `{ notify }` → `{ notify }`. */
export const PUT = adminRoute({ body: notifySchema, maxBytes: 1024 }, async ({ admin, body: { notify } }) => {
  await setNotifyChoice(admin, notify);
  return json({ notify });
});
