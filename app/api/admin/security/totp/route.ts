import { adminRoute } from "@/lib/auth/admin-route";
import { requireFactorOwner } from "@/lib/auth/second-step-check";
import { beginTotpSetup, removeTotp } from "@/lib/data/second-factor";
import { json } from "@/lib/http";

/** Starts setting up an authenticator app: `{ qrSvg, secret, uri }`. It counts once a first code confirms it. */
export const POST = adminRoute({ who: requireFactorOwner }, async ({ admin: owner }) =>
  json(await beginTotpSetup(owner)),
);

/** Removes the signed-in admin's authenticator app. */
export const DELETE = adminRoute({}, async ({ admin }) => {
  await removeTotp(admin);
  return json({ message: "Authenticator app removed" });
});
