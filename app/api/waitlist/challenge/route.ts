import { newChallenge } from "@/lib/challenge/altcha";
import { json, methodNotAllowed, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * A fresh proof-of-work challenge for the signup form's widget. Never cached: each one may be accepted once.
 *
 * Not rate-limited, unlike the signup itself: making a challenge costs one hash and no database write, while
 * a per-client limit would cost a database write on every request, more than what it would save. What a
 * flood of challenges could buy is signups, and those keep their own per-client and site-wide limits.
 */
export const GET = route(async () => json(await newChallenge(), { headers: { "Cache-Control": "no-store" } }));

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
