import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { setAdminStatus } from "@/lib/data/admins";
import { json, parseWith, readJson, route } from "@/lib/http";
import { adminIdSchema, toggleStatusSchema } from "@/lib/validation/admin";

/** Activates or deactivates an admin: `{ isActive }`. The last active admin cannot be deactivated (409). */
export const PATCH = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const actor = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The admin id must be a positive whole number");
  const { isActive } = parseWith(toggleStatusSchema, await readJson(request, { maxBytes: 1024 }));
  const admin = await setAdminStatus(actor, id, isActive);
  return json({ message: isActive ? "Admin activated successfully" : "Admin deactivated successfully", admin });
});
