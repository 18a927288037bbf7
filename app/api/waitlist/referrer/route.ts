import {
  NO_REFERRER_MESSAGE,
  REFERRER_GREETING_CACHE_CONTROL,
  referrerFirstName,
} from "@/lib/data/waitlist/referrer-greeting";
import { HttpError, json, methodNotAllowed, readQuery, route } from "@/lib/http";
import { referrerGreetingQuerySchema } from "@/lib/validation/waitlist";

export const dynamic = "force-dynamic";

/**
 * The first name the landing form greets a visitor with when they came through a personal link (`/?ref=CODE`):
 * asked by the form when it loads, so the page itself stays built once for everyone. Cacheable and without a
 * cookie. Not rate-limited, like the count and the challenge: a code is 8 characters of 31, too many to guess,
 * an answer costs one indexed read and no write, and a per-client limit would cost a write on every request.
 */
export const GET = route(async (request) => {
  const { code } = readQuery(request, referrerGreetingQuerySchema);
  const firstName = await referrerFirstName(code);
  if (!firstName) {
    throw new HttpError(404, NO_REFERRER_MESSAGE, { headers: { "Cache-Control": REFERRER_GREETING_CACHE_CONTROL } });
  }
  return json({ firstName }, { headers: { "Cache-Control": REFERRER_GREETING_CACHE_CONTROL } });
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
