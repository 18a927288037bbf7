import { adminRoute } from "@/lib/auth/admin-route";
import { resetSecondFactor } from "@/lib/data/second-factor";
import { json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/**
 * Resets another admin's second factor (an admin with full rights only), for one who lost their device: their
 * passkeys, app and recovery codes go, and so do their sessions.
 */
export const DELETE = adminRoute(
  { id: { schema: adminIdSchema, message: "The admin id must be a positive whole number" } },
  async ({ admin: actor, id }) => {
    await resetSecondFactor(actor, id);
    return json({ message: "Second factor reset. Their sessions have ended." });
  },
);
