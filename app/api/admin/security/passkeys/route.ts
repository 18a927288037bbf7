import { adminRoute } from "@/lib/auth/admin-route";
import { enrolledResponse, requireFactorOwner } from "@/lib/auth/second-step-check";
import { addPasskey } from "@/lib/data/passkeys";
import { addPasskeySchema } from "@/lib/validation/second-factor";

/** Adds the passkey the browser made: `{ name, response }`; `{ recoveryCodes }` when it is the first factor. */
export const POST = adminRoute(
  { who: requireFactorOwner, body: addPasskeySchema, maxBytes: 32_768 },
  async ({ request, admin: owner, body: { name, response } }) => {
    const { recoveryCodes } = await addPasskey(owner, name, response as Parameters<typeof addPasskey>[2]);
    return enrolledResponse(request, owner, "passkey", { message: "Passkey added", recoveryCodes });
  },
);
