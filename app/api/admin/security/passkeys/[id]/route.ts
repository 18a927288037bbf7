import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { removePasskey, renamePasskey } from "@/lib/data/passkeys";
import { json, parseWith, readJson, route } from "@/lib/http";
import { passkeyIdSchema, passkeyNameFormSchema } from "@/lib/validation/second-factor";

type Context = { params: Promise<{ id: string }> };

/** Renames one of the admin's passkeys: `{ name }`. */
export const PATCH = route<Context>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(passkeyIdSchema, (await params).id, "The passkey id is not valid");
  const { name } = parseWith(passkeyNameFormSchema, await readJson(request, { maxBytes: 1024 }));
  await renamePasskey(admin, id, name);
  return json({ message: "Passkey renamed" });
});

/** Removes one of the admin's passkeys. */
export const DELETE = route<Context>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(passkeyIdSchema, (await params).id, "The passkey id is not valid");
  await removePasskey(admin, id);
  return json({ message: "Passkey removed" });
});
