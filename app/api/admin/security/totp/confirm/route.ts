import { adminRoute } from "@/lib/auth/admin-route";
import { enrolledResponse, requireFactorOwner } from "@/lib/auth/second-step-check";
import { confirmTotpSetup } from "@/lib/data/second-factor";
import { totpFormSchema } from "@/lib/validation/second-factor";

/** Confirms the app being set up with a first code: `{ recoveryCodes }` (new codes, when it is the first factor). */
export const POST = adminRoute(
  { who: requireFactorOwner, body: totpFormSchema, maxBytes: 1024 },
  async ({ request, admin: owner, body: { code } }) => {
    const { recoveryCodes } = await confirmTotpSetup(owner, code);
    return enrolledResponse(request, owner, "totp", { message: "Authenticator app set up", recoveryCodes });
  },
);
