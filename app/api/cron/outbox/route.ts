import { timingSafeEqual } from "node:crypto";

import { env } from "@/lib/env";
import { HttpError, json, route } from "@/lib/http";
import { sweepOutbox } from "@/lib/email/outbox";
import { sweep } from "@/lib/maintenance";
import { sweepWebhooks } from "@/lib/webhooks/deliveries";

function authorised(request: Request, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The sweep for deployments without a long-running server (Vercel Cron calls it, see vercel.json): sends
 * the email and webhook events that are due, then prunes what has expired. Vercel Cron sends `Authorization: Bearer
 * $CRON_SECRET`; without CRON_SECRET set, every call is refused.
 */
export const GET = route(async (request) => {
  if (!authorised(request, env().CRON_SECRET)) throw new HttpError(401, "This route is for the scheduler only.");
  // The clean-up first: it queues any daily digest that is due, which the email sweep then sends in this call.
  const pruned = await sweep();
  const [email, webhooks] = await Promise.all([sweepOutbox(), sweepWebhooks()]);
  return json({ email, webhooks, pruned });
});
