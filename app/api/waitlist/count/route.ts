import { cachedWaitlistCount, WAITLIST_COUNT_CACHE_CONTROL } from "@/lib/data/waitlist/signups";
import { json, methodNotAllowed, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = route(async () => {
  const count = await cachedWaitlistCount();
  return json({ count }, { headers: { "Cache-Control": WAITLIST_COUNT_CACHE_CONTROL } });
});

const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
