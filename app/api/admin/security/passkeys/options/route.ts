import { adminRoute } from "@/lib/auth/admin-route";
import { requireFactorOwner } from "@/lib/auth/second-step-check";
import { passkeyRegistrationOptions } from "@/lib/data/passkeys";
import { json } from "@/lib/http";

/** The WebAuthn options for adding a passkey (a new, single-use challenge). */
export const POST = adminRoute({ who: requireFactorOwner }, async ({ admin: owner }) =>
  json(await passkeyRegistrationOptions(owner)),
);
