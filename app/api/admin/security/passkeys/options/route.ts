import { requireSameOrigin } from "@/lib/auth/guard";
import { requireFactorOwner } from "@/lib/auth/second-step-check";
import { passkeyRegistrationOptions } from "@/lib/data/passkeys";
import { json, route } from "@/lib/http";

/** The WebAuthn options for adding a passkey (a new, single-use challenge). */
export const POST = route(async (request) => {
  const owner = await requireFactorOwner(request);
  requireSameOrigin(request);
  return json(await passkeyRegistrationOptions(owner));
});
