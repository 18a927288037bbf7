import { adminRoute } from "@/lib/auth/admin-route";
import { getHiddenListColumns, setHiddenListColumns } from "@/lib/data/list-columns";
import { listColumnsSchema } from "@/lib/data/waitlist/columns";
import { json } from "@/lib/http";

/** The waiting list's columns the signed-in admin hides: `{ hidden: ["source", ...] }`. */
export const GET = adminRoute({}, async ({ admin }) => json({ hidden: await getHiddenListColumns(admin) }));

/** Changes the signed-in admin's own choice: `{ hidden }` → `{ hidden }` (each once, in the table's order). */
export const PUT = adminRoute({ body: listColumnsSchema, maxBytes: 1024 }, async ({ admin, body: { hidden } }) => {
  await setHiddenListColumns(admin, hidden);
  return json({ hidden });
});
