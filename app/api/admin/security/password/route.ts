import { adminRoute } from "@/lib/auth/admin-route";
import { confirmPassword } from "@/lib/auth/fresh-password";
import { json } from "@/lib/http";
import { confirmPasswordSchema } from "@/lib/validation/admin";

/**
 * The signed-in admin confirms their password (`{ password }`), before adding or removing a second factor or
 * making new recovery codes: 200, or 401 for a wrong one, 429 past the sign-in's limits.
 */
export const POST = adminRoute(
  { body: confirmPasswordSchema, maxBytes: 4096 },
  async ({ admin, body: { password } }) => {
    await confirmPassword(admin, password);
    return json({ message: "Password confirmed" });
  },
);
