import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { addAdmin, listAdmins } from "@/lib/data/admins";
import { json, parseWith, readJson, route } from "@/lib/http";
import { createAdminSchema } from "@/lib/validation/admin";

/** Every admin account (never a password hash). */
export const GET = route(async (request) => {
  const actor = await requireAdmin(request);
  const admins = await listAdmins(actor);
  return json({ admins });
});

/** Creates an admin from `{ name, email, password }` and an optional `role` (full rights without one); 409 when the email is in use. */
export const POST = route(async (request) => {
  const actor = await requireAdmin(request);
  requireSameOrigin(request);
  const input = parseWith(createAdminSchema, await readJson(request, { maxBytes: 4096 }));
  const admin = await addAdmin(actor, input);
  return json({ message: "Admin user created successfully", admin }, { status: 201 });
});
