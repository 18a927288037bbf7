import { emailLinkCopy } from "@/content/email-links";
import { acceptInvitation, type AcceptResult } from "@/lib/data/waitlist/invitations";
import { env } from "@/lib/env";
import { methodNotAllowed } from "@/lib/http";
import { tokenStepRoute } from "@/lib/token-step";

const copy = emailLinkCopy.accept;

/**
 * The person's step on an invitation link, and the only thing that marks it accepted. Opening the link
 * (/early-access?token=…) only shows a form that posts here, sent by the page's script as it loads or by its
 * button: mail scanners that open every link in a message (GET, HEAD) accept nothing. A browser is then sent
 * on to EARLY_ACCESS_URL, or back to the page, which welcomes them; a script gets the result as JSON.
 */
export const POST = tokenStepRoute<AcceptResult>({
  take: acceptInvitation,
  // The team's alerts of the acceptance, queued with it, go out right after the answer.
  outbox: (result) => (result.status === "accepted" ? result.outboxIds : null),
  next: (token, result) => {
    const next = env().EARLY_ACCESS_URL;
    if (next && result.status !== "invalid") return next;
    return `/early-access${token === null ? "" : `?token=${encodeURIComponent(token)}`}`;
  },
  invalidMessage: `${copy.invalidTitle}.`,
  answer: (result) => ({ status: result.status, message: copy.welcomeTitle(result.name) }),
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
