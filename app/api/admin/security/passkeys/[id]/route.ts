import { adminRoute } from "@/lib/auth/admin-route";
import { removePasskey, renamePasskey } from "@/lib/data/passkeys";
import { json } from "@/lib/http";
import { passkeyIdSchema, passkeyNameFormSchema } from "@/lib/validation/second-factor";

const passkeyId = { schema: passkeyIdSchema, message: "The passkey id is not valid" };

/** Renames one of the admin's passkeys: `{ name }`. */
export const PATCH = adminRoute(
  { id: passkeyId, body: passkeyNameFormSchema, maxBytes: 1024 },
  async ({ admin, id, body: { name } }) => {
    await renamePasskey(admin, id, name);
    return json({ message: "Passkey renamed" });
  },
);

/** Removes one of the admin's passkeys. */
export const DELETE = adminRoute({ id: passkeyId }, async ({ admin, id }) => {
  await removePasskey(admin, id);
  return json({ message: "Passkey removed" });
});
