import { requireSameOrigin } from "@/lib/auth/guard";
import { requirePendingAdmin } from "@/lib/auth/second-step";
import { passkeySignInOptions } from "@/lib/data/passkeys";
import { json, route } from "@/lib/http";

/** The WebAuthn options for signing in with one of the half-signed-in admin's passkeys (a new, single-use challenge). */
export const POST = route(async (request) => {
  const pending = await requirePendingAdmin(request, "second-step");
  requireSameOrigin(request);
  return json(await passkeySignInOptions(pending));
});
