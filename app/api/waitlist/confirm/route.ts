import { emailLinkCopy } from "@/content/email-links";
import { requireSameOrigin } from "@/lib/auth/guard";
import { confirmWithToken, type ConfirmResult } from "@/lib/data/waitlist/signups";
import { isWellFormedToken } from "@/lib/email/tokens";
import { HttpError, json, methodNotAllowed, readForm, route, seeOther, wantsPage } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";

const copy = emailLinkCopy.confirm;

/**
 * The person's step on a confirmation link, and the only thing that confirms. Opening the link
 * (/waitlist/confirm?token=…) only shows a form that posts here, sent by the page's script as it loads or by
 * its button: mail scanners that open every link in a message (GET, HEAD) confirm nobody. A browser is sent
 * back to the page, which shows the result (`done=1`: confirmed just now); a script gets it as JSON.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  // The form has no fields; reading the body only refuses a large one.
  await readForm(request);
  const token = new URL(request.url).searchParams.get("token");
  const result: ConfirmResult = isWellFormedToken(token) ? await confirmWithToken(token) : { status: "invalid" };
  // The "you're confirmed" email goes right after the answer.
  if (result.status === "confirmed") sendSoon(result.emailId ?? null);
  if (wantsPage(request)) {
    const query =
      token === null ? "" : `?token=${encodeURIComponent(token)}${result.status === "confirmed" ? "&done=1" : ""}`;
    return seeOther(`/waitlist/confirm${query}`);
  }
  if (result.status === "invalid") throw new HttpError(404, `${copy.invalidTitle}.`);
  return json({
    status: result.status,
    message: result.status === "confirmed" ? copy.confirmedTitle : copy.alreadyTitle,
  });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
