import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { ROLE_INFO } from "@/lib/auth/roles";
import { setAdminRole } from "@/lib/data/admins";
import { json, parseWith, readJson, route } from "@/lib/http";
import { adminIdSchema, setRoleSchema } from "@/lib/validation/admin";

/**
 * Gives an admin another role: `{ role }`, one of admin, member or viewer. Only an admin with full rights may
 * (403 otherwise), and the last active admin with full rights cannot be narrowed (409).
 */
export const PATCH = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const actor = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The admin id must be a positive whole number");
  const { role } = parseWith(setRoleSchema, await readJson(request, { maxBytes: 1024 }));
  const admin = await setAdminRole(actor, id, role);
  return json({
    message: `${admin.name} is now ${ROLE_INFO[admin.role].label === "Admin" ? "an" : "a"} ${ROLE_INFO[admin.role].label}.`,
    admin,
  });
});
