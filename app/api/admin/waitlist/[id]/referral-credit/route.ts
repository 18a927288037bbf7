import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { CREDIT_ANYWAY_REFUSALS, creditReferralAnyway } from "@/lib/data/waitlist/referrals";
import { HttpError, json, parseWith, route } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/**
 * "Credit anyway": credits the entry's withheld referral to the person who referred them, whose place moves
 * as for any credit. 409 when there is no withheld referral to credit (a second click among them), 404 for
 * an unknown entry, 403 for a role that may not.
 */
export const POST = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The entry id must be a positive whole number");
  const outcome = await creditReferralAnyway(admin, id);
  if (outcome === null) throw new HttpError(404, "No waitlist entry has this id.");
  if (typeof outcome === "string") throw new HttpError(409, CREDIT_ANYWAY_REFUSALS[outcome]);
  return json({ message: "Referral credited", referrerId: outcome.referrerId });
});
