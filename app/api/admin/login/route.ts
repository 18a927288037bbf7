import { requireSameOrigin } from "@/lib/auth/guard";
import { INVALID_CREDENTIALS } from "@/lib/auth/login-throttle";
import { startSecondStep } from "@/lib/auth/second-step";
import { setSessionCookie } from "@/lib/auth/session";
import { SECOND_STEP_PATHS, signIn } from "@/lib/auth/sign-in";
import { json, parseWith, readJson, route } from "@/lib/http";
import { loginSchema } from "@/lib/validation/admin";

/**
 * Signs an admin in (lib/auth/sign-in.ts): a session cookie and the admin's name and email, or the same
 * 401 whatever was wrong, or a 429 once the client has failed too often. An admin with a second factor (or
 * who must set one up) gets no session yet: `secondStep` names the page that asks for it, and a short-lived
 * half-signed-in cookie carries them there.
 *
 * The one admin write without adminRoute: no one is signed in yet, so there is no one for it to check.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  const credentials = parseWith(loginSchema, await readJson(request, { maxBytes: 4096 }));
  const signedIn = await signIn(request, credentials);
  if (!signedIn) return json({ message: INVALID_CREDENTIALS }, { status: 401 });
  if ("pending" in signedIn) {
    const enrol = signedIn.pending === "enrol";
    const response = json({
      message: enrol ? "Set up a second factor to continue" : "Confirm it's you to continue",
      secondStep: { purpose: signedIn.pending, next: SECOND_STEP_PATHS[signedIn.pending] },
    });
    await startSecondStep(response, request, signedIn.admin.id, signedIn.pending);
    return response;
  }
  const { admin, session } = signedIn;
  const response = json({ message: "Login successful", admin: { name: admin.name, email: admin.email } });
  await setSessionCookie(response, request, session);
  return response;
});
