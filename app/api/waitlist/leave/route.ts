import { eraseWithLeaveToken } from "@/lib/data/waitlist/signups";
import { isWellFormedToken } from "@/lib/email/tokens";
import { HttpError, json, methodNotAllowed, readForm, route, seeOther, wantsPage } from "@/lib/http";

const ONE_CLICK = "List-Unsubscribe=One-Click";

/**
 * One-click leave (RFC 8058). A mail client posts `List-Unsubscribe=One-Click` to the URL in the
 * List-Unsubscribe header, /waitlist/leave?token=… (proxy.ts hands that POST to this route), and the entry is
 * erased at once: the row, its tokens and its emails, and the count goes down. The leave page's own button
 * posts the same form; a browser is then sent to the page that says the data was deleted. A link whose
 * entry is already gone gets the same answer: there is nothing left to remove. Anyone may post here without
 * signing in, so the body (one form field) is capped: a larger one is refused unread.
 */
export const POST = route(async (request) => {
  const token = new URL(request.url).searchParams.get("token");
  const fields = await readForm(request);
  if (!fields.getAll("List-Unsubscribe").includes("One-Click")) {
    throw new HttpError(400, `The request body must be the form field ${ONE_CLICK}.`);
  }
  if (!isWellFormedToken(token)) throw new HttpError(400, "This link is not valid.");
  await eraseWithLeaveToken(token);
  if (wantsPage(request)) return seeOther("/waitlist/leave?done=1");
  return json({ message: "You have been removed from the waiting list, and your details deleted." });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
