import { adminRoute } from "@/lib/auth/admin-route";
import { CREDIT_ANYWAY_REFUSALS, creditReferralAnyway } from "@/lib/data/waitlist/referrals";
import { HttpError, json } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/**
 * "Credit anyway": credits the entry's withheld referral to the person who referred them, whose place moves
 * as for any credit. 409 when there is no withheld referral to credit (a second click among them), 404 for
 * an unknown entry, 403 for a role that may not.
 */
export const POST = adminRoute(
  { id: { schema: adminIdSchema, message: "The entry id must be a positive whole number" } },
  async ({ admin, id }) => {
    const outcome = await creditReferralAnyway(admin, id);
    if (outcome === null) throw new HttpError(404, "No waitlist entry has this id.");
    if (typeof outcome === "string") throw new HttpError(409, CREDIT_ANYWAY_REFUSALS[outcome]);
    return json({ message: "Referral credited", referrerId: outcome.referrerId });
  },
);
