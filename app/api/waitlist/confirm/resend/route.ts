import { proofOf, signupProofHold } from "@/lib/challenge/altcha";
import { requestNewConfirmation } from "@/lib/data/waitlist/signups";
import { clientIp, json, methodNotAllowed, parseWith, readJson, route } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { clientRateKey, enforceRateLimits, hitRateLimit, peekRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { NEW_LINK_SENT_MESSAGE, newLinkSchema } from "@/lib/validation/waitlist";

// Enough for someone who mistyped a few times; too few to probe addresses with.
const NEW_LINK_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

/**
 * New links sent to one address in a day, however many connections ask: enough for a lost email or two, too
 * few to fill someone's inbox. Counted only when one is sent, and past it nothing is sent, with the same answer.
 */
const linksPerAddress = (email: string): RateLimitRule => ({
  key: `new-link:email:${email}`,
  limit: 3,
  windowMs: 24 * 60 * 60 * 1000,
  sliding: true,
});

/**
 * "Send me a new link" (`{ email, altcha }`): queues a new confirmation for an unconfirmed entry (at most one every ten
 * minutes, three a day). The answer is the same whether or not the address is on the list, confirmed or not.
 */
export const POST = route(async (request) => {
  const body = await readJson(request, { maxBytes: 8192 });
  const { email } = parseWith(newLinkSchema, body);
  const ip = clientIp(request);
  if (ip)
    await enforceRateLimits(
      [{ key: `new-link:ip:${clientRateKey(ip)}`, ...NEW_LINK_LIMIT }],
      "Too many requests from your connection. Please wait a few minutes and try again.",
    );
  // Like a signup, a request must carry a proof of work, or nothing is sent (the same answer all the same):
  // otherwise this would be a way to send email to strangers.
  if ((await signupProofHold(proofOf(body))) === null) {
    const perAddress = linksPerAddress(email);
    if ((await peekRateLimit(perAddress)).allowed) {
      const sent = await requestNewConfirmation(email);
      if (sent !== null) await hitRateLimit(perAddress);
      sendSoon(sent);
    }
  }
  return json({ message: NEW_LINK_SENT_MESSAGE }, { status: 202 });
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
