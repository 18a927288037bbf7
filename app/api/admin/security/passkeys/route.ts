import { requireSameOrigin } from "@/lib/auth/guard";
import { enrolledResponse, requireFactorOwner } from "@/lib/auth/second-step-check";
import { addPasskey } from "@/lib/data/passkeys";
import { parseWith, readJson, route } from "@/lib/http";
import { addPasskeySchema } from "@/lib/validation/second-factor";

/** Adds the passkey the browser made: `{ name, response }`; `{ recoveryCodes }` when it is the first factor. */
export const POST = route(async (request) => {
  const owner = await requireFactorOwner(request);
  requireSameOrigin(request);
  const { name, response } = parseWith(addPasskeySchema, await readJson(request, { maxBytes: 32_768 }));
  const { recoveryCodes } = await addPasskey(owner, name, response as Parameters<typeof addPasskey>[2]);
  return enrolledResponse(request, owner, "passkey", { message: "Passkey added", recoveryCodes });
});
