import { timingSafeEqual } from "node:crypto";

import { env } from "@/lib/env";
import { HttpError, json, route } from "@/lib/http";
import { sweepEmailWithin } from "@/lib/jobs/email-sweep";
import { sweep } from "@/lib/jobs/maintenance";
import { budgetForDuration, sweepBudget } from "@/lib/jobs/sweep-budget";
import { sweepWebhooksWithin } from "@/lib/webhooks/deliveries";

/**
 * Vercel ends this function after maxDuration seconds. The sweeps stop starting work in time to finish
 * before then (budgetForDuration leaves room to answer); what is left goes on the next call, a minute later
 * (vercel.json), so two calls never overlap and the send rate holds. 60 s is allowed on every plan.
 */
export const maxDuration = 60;

function authorised(request: Request, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The sweep for deployments without a long-running server (Vercel Cron calls it, see vercel.json): prunes
 * what has expired, then sends the email and webhook events that are due, as many as fit in the function's time.
 * Vercel Cron sends `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET set, every call is refused.
 * The answer names under `more` the queues that stopped for time with work perhaps left.
 */
export const GET = route(async (request) => {
  const budget = sweepBudget(budgetForDuration(maxDuration));
  if (!authorised(request, env().CRON_SECRET)) throw new HttpError(401, "This route is for the scheduler only.");
  // The clean-up first: it queues any daily digest that is due, which the email sweep then sends in this call.
  const pruned = await sweep();
  const [{ budget: emailBudget, ...email }, { budget: webhookBudget, ...webhooks }] = await Promise.all([
    sweepEmailWithin(budget),
    sweepWebhooksWithin(budget),
  ]);
  const more = [emailBudget.stopped === "budget" && "email", webhookBudget.stopped === "budget" && "webhooks"].filter(
    Boolean,
  );
  return json({ email, webhooks, pruned, ...(more.length > 0 && { more }) });
});
