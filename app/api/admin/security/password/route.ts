import { confirmPassword } from "@/lib/auth/fresh-password";
import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { json, parseWith, readJson, route } from "@/lib/http";
import { confirmPasswordSchema } from "@/lib/validation/admin";

/**
 * The signed-in admin confirms their password (`{ password }`), before adding or removing a second factor or
 * making new recovery codes: 200, or 401 for a wrong one, 429 past the sign-in's limits.
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const { password } = parseWith(confirmPasswordSchema, await readJson(request, { maxBytes: 4096 }));
  await confirmPassword(admin, password);
  return json({ message: "Password confirmed" });
});
