import { adminRoute } from "@/lib/auth/admin-route";
import { regenerateRecoveryCodes } from "@/lib/data/second-factor";
import { json } from "@/lib/http";

/** Replaces the admin's recovery codes with ten new ones: `{ recoveryCodes }`, shown once. */
export const POST = adminRoute({}, async ({ admin }) =>
  json({ message: "New recovery codes made", recoveryCodes: await regenerateRecoveryCodes(admin) }),
);
