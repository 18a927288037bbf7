import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { getNotifyChoice, setNotifyChoice } from "@/lib/data/notifications";
import { json, parseWith, readJson, route } from "@/lib/http";
import { notifySchema } from "@/lib/validation/notifications";

/** The signed-in admin's email about signups: `{ notify: "each" | "digest" | "none" }`. */
export const GET = route(async (request) => {
  const admin = await requireAdmin(request);
  return json({ notify: await getNotifyChoice(admin) });
});

/** Changes the signed-in admin's own choice: `{ notify }` → `{ notify }`. */
export const PUT = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const { notify } = parseWith(notifySchema, await readJson(request, { maxBytes: 1024 }));
  await setNotifyChoice(admin, notify);
  return json({ notify });
});
