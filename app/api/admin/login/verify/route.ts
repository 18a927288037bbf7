import { requireSameOrigin } from "@/lib/auth/guard";
import { requirePendingAdmin } from "@/lib/auth/second-step";
import { secondStep } from "@/lib/auth/second-step-check";
import { parseWith, readJson, route } from "@/lib/http";
import { secondStepSchema } from "@/lib/validation/second-factor";

/**
 * The second step of a sign-in, for an admin half signed in by their password: a code from their authenticator
 * app, a recovery code, or a passkey's answer. Success is the same answer as a sign-in without a second factor.
 */
export const POST = route(async (request) => {
  const pending = await requirePendingAdmin(request, "second-step");
  requireSameOrigin(request);
  const input = parseWith(secondStepSchema, await readJson(request, { maxBytes: 16_384 }));
  return secondStep(request, pending, input);
});
