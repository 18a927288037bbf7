import { emailLinkCopy } from "@/content/email-links";
import { confirmWithToken, type ConfirmResult } from "@/lib/data/waitlist/signups";
import { methodNotAllowed } from "@/lib/http";
import { tokenStepRoute } from "@/lib/token-step";

const copy = emailLinkCopy.confirm;

/**
 * The person's step on a confirmation link, and the only thing that confirms. Opening the link
 * (/waitlist/confirm?token=…) only shows a form that posts here, sent by the page's script as it loads or by
 * its button: mail scanners that open every link in a message (GET, HEAD) confirm nobody. A browser is sent
 * back to the page, which shows the result (`done=1`: confirmed just now); a script gets it as JSON.
 */
export const POST = tokenStepRoute<ConfirmResult>({
  take: confirmWithToken,
  // The "you're confirmed" email goes right after the answer.
  outbox: (result) => (result.status === "confirmed" ? (result.emailId ?? null) : null),
  next: (token, result) =>
    `/waitlist/confirm${token === null ? "" : `?token=${encodeURIComponent(token)}${result.status === "confirmed" ? "&done=1" : ""}`}`,
  invalidMessage: `${copy.invalidTitle}.`,
  answer: (result) => ({
    status: result.status,
    message: result.status === "confirmed" ? copy.confirmedTitle : copy.alreadyTitle,
  }),
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
