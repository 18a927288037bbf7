import { emailLinkCopy } from "@/content/email-links";
import { requireSameOrigin } from "@/lib/auth/guard";
import { acceptInvitation, type AcceptResult } from "@/lib/data/waitlist/invitations";
import { isWellFormedToken } from "@/lib/email/tokens";
import { env } from "@/lib/env";
import { HttpError, json, methodNotAllowed, readForm, route, seeOther, wantsPage } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";

const copy = emailLinkCopy.accept;

/**
 * The person's step on an invitation link, and the only thing that marks it accepted. Opening the link
 * (/early-access?token=…) only shows a form that posts here, sent by the page's script as it loads or by its
 * button: mail scanners that open every link in a message (GET, HEAD) accept nothing. A browser is then sent
 * on to EARLY_ACCESS_URL, or back to the page, which welcomes them; a script gets the result as JSON.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  // The form has no fields; reading the body only refuses a large one.
  await readForm(request);
  const token = new URL(request.url).searchParams.get("token");
  const result: AcceptResult = isWellFormedToken(token) ? await acceptInvitation(token) : { status: "invalid" };
  // The team's alerts of the acceptance, queued with it, go out right after the answer.
  if (result.status === "accepted") sendSoon(result.outboxIds);
  if (wantsPage(request)) {
    const next = env().EARLY_ACCESS_URL;
    if (next && result.status !== "invalid") return seeOther(next);
    return seeOther(`/early-access${token === null ? "" : `?token=${encodeURIComponent(token)}`}`);
  }
  if (result.status === "invalid") throw new HttpError(404, `${copy.invalidTitle}.`);
  return json({ status: result.status, message: copy.welcomeTitle(result.name) });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
