import { adminRoute } from "@/lib/auth/admin-route";
import { ROLE_INFO } from "@/lib/auth/roles";
import { setAdminRole } from "@/lib/data/admins";
import { json } from "@/lib/http";
import { adminIdSchema, setRoleSchema } from "@/lib/validation/admin";

/**
 * Gives an admin another role: `{ role }`, one of admin, member or viewer. Only an admin with full rights may
 * (403 otherwise), and the last active admin with full rights cannot be narrowed (409).
 */
export const PATCH = adminRoute(
  {
    id: { schema: adminIdSchema, message: "The admin id must be a positive whole number" },
    body: setRoleSchema,
    maxBytes: 1024,
  },
  async ({ admin: actor, id, body: { role } }) => {
    const admin = await setAdminRole(actor, id, role);
    return json({
      message: `${admin.name} is now ${ROLE_INFO[admin.role].label === "Admin" ? "an" : "a"} ${ROLE_INFO[admin.role].label}.`,
      admin,
    });
  },
);
