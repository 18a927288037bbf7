import { requireSameOrigin } from "@/lib/auth/guard";
import { enrolledResponse, requireFactorOwner } from "@/lib/auth/second-step-check";
import { confirmTotpSetup } from "@/lib/data/second-factor";
import { parseWith, readJson, route } from "@/lib/http";
import { totpFormSchema } from "@/lib/validation/second-factor";

/** Confirms the app being set up with a first code: `{ recoveryCodes }` (new codes, when it is the first factor). */
export const POST = route(async (request) => {
  const owner = await requireFactorOwner(request);
  requireSameOrigin(request);
  const { code } = parseWith(totpFormSchema, await readJson(request, { maxBytes: 1024 }));
  const { recoveryCodes } = await confirmTotpSetup(owner, code);
  return enrolledResponse(request, owner, "totp", { message: "Authenticator app set up", recoveryCodes });
});
