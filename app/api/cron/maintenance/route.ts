import { timingSafeEqual } from "node:crypto";

import { env } from "@/lib/env";
import { HttpError, json, route } from "@/lib/http";
import { sweep } from "@/lib/maintenance";

function authorised(request: Request, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The periodic clean-up for deployments without a long-running server (Vercel Cron calls it, see
 * vercel.json). Vercel Cron sends `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET set, every
 * call is refused.
 */
export const GET = route(async (request) => {
  if (!authorised(request, env().CRON_SECRET)) throw new HttpError(401, "This route is for the scheduler only.");
  return json({ pruned: await sweep() });
});
