import {
  addWaitlistEntry,
  WAITLIST_RATE_LIMIT,
  WAITLIST_BUSY_MESSAGE,
  WAITLIST_RATE_LIMIT_MESSAGE,
  WAITLIST_SUCCESS_MESSAGE,
} from "@/lib/data/waitlist";
import { sendSoon } from "@/lib/email/send-soon";
import { clientIp, json, methodNotAllowed, parseWith, readJson, route } from "@/lib/http";
import { env } from "@/lib/env";
import { clientRateKey, enforceRateLimits } from "@/lib/rate-limit";
import { WAITLIST_HONEYPOT_FIELD, waitlistSchema } from "@/lib/validation/waitlist";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 10_240;

function honeypotFilled(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const value = (body as Record<string, unknown>)[WAITLIST_HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : true;
}

// Every accepted body gets this same answer (first signup, repeat signup, honeypot), so the response never
// tells anyone whether an email is already on the list.
const accepted = () => json({ message: WAITLIST_SUCCESS_MESSAGE }, { status: 201 });

export const POST = route(async (request) => {
  const body = await readJson(request, { maxBytes: MAX_BODY_BYTES });
  const signup = parseWith(waitlistSchema, body);
  // Bots are not told they were caught, and cost no database write.
  if (honeypotFilled(body)) return accepted();
  const ip = clientIp(request);
  // A client whose address cannot be known has only the site-wide backstop to count against.
  if (ip) await enforceRateLimits([{ key: `waitlist:ip:${clientRateKey(ip)}`, ...WAITLIST_RATE_LIMIT }], WAITLIST_RATE_LIMIT_MESSAGE);
  await enforceRateLimits([{ key: "waitlist:all", limit: env().WAITLIST_SIGNUPS_PER_MINUTE, windowMs: 60_000 }], WAITLIST_BUSY_MESSAGE);
  // A first signup, or a repeat one that may send a new confirmation: the answer is the same either way.
  sendSoon(await addWaitlistEntry(signup));
  return accepted();
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
