import { adminRoute } from "@/lib/auth/admin-route";
import { addAdmin, listAdmins } from "@/lib/data/admins";
import { json } from "@/lib/http";
import { createAdminSchema } from "@/lib/validation/admin";

/** Every admin account (never a password hash). */
export const GET = adminRoute({}, async ({ admin: actor }) => {
  const admins = await listAdmins(actor);
  return json({ admins });
});

/** Creates an admin from `{ name, email, password }` and an optional `role` (full rights without one); 409 when the email is in use. */
export const POST = adminRoute({ body: createAdminSchema, maxBytes: 4096 }, async ({ admin: actor, body }) => {
  const admin = await addAdmin(actor, body);
  return json({ message: "Admin user created successfully", admin }, { status: 201 });
});
