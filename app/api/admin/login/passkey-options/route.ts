import { adminRoute } from "@/lib/auth/admin-route";
import { requirePendingAdmin } from "@/lib/auth/second-step";
import { passkeySignInOptions } from "@/lib/data/passkeys";
import { json } from "@/lib/http";

/** The WebAuthn options for signing in with one of the half-signed-in admin's passkeys (a new, single-use challenge). */
export const POST = adminRoute({ who: (request) => requirePendingAdmin(request, "second-step") }, async ({ admin }) =>
  json(await passkeySignInOptions(admin)),
);
