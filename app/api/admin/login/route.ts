import { requireSameOrigin } from "@/lib/auth/guard";
import { INVALID_CREDENTIALS } from "@/lib/auth/login-throttle";
import { setSessionCookie } from "@/lib/auth/session";
import { signIn } from "@/lib/auth/sign-in";
import { json, parseWith, readJson, route } from "@/lib/http";
import { loginSchema } from "@/lib/validation/admin";

/**
 * Signs an admin in (lib/auth/sign-in.ts): a session cookie and the admin's name and email, or the same
 * 401 whatever was wrong, or a 429 once the client has failed too often.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  const credentials = parseWith(loginSchema, await readJson(request, { maxBytes: 4096 }));
  const signedIn = await signIn(request, credentials);
  if (!signedIn) return json({ message: INVALID_CREDENTIALS }, { status: 401 });
  const { admin, session } = signedIn;
  const response = json({ message: "Login successful", admin: { name: admin.name, email: admin.email } });
  await setSessionCookie(response, request, session);
  return response;
});
