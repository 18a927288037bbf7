import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { requireFactorOwner } from "@/lib/auth/second-step-check";
import { beginTotpSetup, removeTotp } from "@/lib/data/second-factor";
import { json, route } from "@/lib/http";

/** Starts setting up an authenticator app: `{ qrSvg, secret, uri }`. It counts once a first code confirms it. */
export const POST = route(async (request) => {
  const owner = await requireFactorOwner(request);
  requireSameOrigin(request);
  return json(await beginTotpSetup(owner));
});

/** Removes the signed-in admin's authenticator app. */
export const DELETE = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  await removeTotp(admin);
  return json({ message: "Authenticator app removed" });
});
