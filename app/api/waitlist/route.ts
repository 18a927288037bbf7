import {
  upsertWaitlistEntry,
  WAITLIST_RATE_LIMIT,
  WAITLIST_RATE_LIMIT_MESSAGE,
  WAITLIST_SUCCESS_MESSAGE,
} from "@/lib/data/waitlist";
import { clientIp, json, methodNotAllowed, parseWith, readJson, route } from "@/lib/http";
import { enforceRateLimits } from "@/lib/rate-limit";
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
  await enforceRateLimits([{ key: `waitlist:ip:${clientIp(request)}`, ...WAITLIST_RATE_LIMIT }], WAITLIST_RATE_LIMIT_MESSAGE);
  await upsertWaitlistEntry(signup);
  return accepted();
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
