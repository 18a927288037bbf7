import { adminRoute } from "@/lib/auth/admin-route";
import { setAdminStatus } from "@/lib/data/admins";
import { json } from "@/lib/http";
import { adminIdSchema, toggleStatusSchema } from "@/lib/validation/admin";

/** Activates or deactivates an admin: `{ isActive }`. The last active admin cannot be deactivated (409). */
export const PATCH = adminRoute(
  {
    id: { schema: adminIdSchema, message: "The admin id must be a positive whole number" },
    body: toggleStatusSchema,
    maxBytes: 1024,
  },
  async ({ admin: actor, id, body: { isActive } }) => {
    const admin = await setAdminStatus(actor, id, isActive);
    return json({ message: isActive ? "Admin activated successfully" : "Admin deactivated successfully", admin });
  },
);
