import { adminRoute } from "@/lib/auth/admin-route";
import { requirePendingAdmin } from "@/lib/auth/second-step";
import { secondStep } from "@/lib/auth/second-step-check";
import { secondStepSchema } from "@/lib/validation/second-factor";

/**
 * The second step of a sign-in, for an admin half signed in by their password: a code from their authenticator
 * app, a recovery code, or a passkey's answer. Success is the same answer as a sign-in without a second factor.
 */
export const POST = adminRoute(
  { who: (request) => requirePendingAdmin(request, "second-step"), body: secondStepSchema, maxBytes: 16_384 },
  async ({ request, admin: pending, body }) => secondStep(request, pending, body),
);
