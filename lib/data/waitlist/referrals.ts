import "server-only";

import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { forgetCachedPlaces } from "@/lib/data/waitlist/line";
import { queueReferralEmail } from "@/lib/data/waitlist/referral-emails";
import { getDb } from "@/lib/db";
import { isWithheldReferral } from "@/lib/validation/referral-credit";

/** Why "Credit anyway" did nothing: the words of its 409. */
export type CreditAnywayRefusal =
  "not-referred" | "unconfirmed" | "credited" | "referrer-gone" | "referrer-unconfirmed" | "not-withheld";

/**
 * An admin's "Credit anyway": a referral the rule withheld (own address, same network, a daily limit) is
 * credited now, exactly as a friend's confirmation credits one (waitlist_credit_anyway, through the same
 * waitlist_credit_referral and its REFERRAL_MAX cap), with one audit entry in the same transaction; then the
 * referrer hears of it as of any credit (their email of the day). A second click, however close, finds it
 * credited ("credited"). Null when no entry has this id.
 */
export async function creditReferralAnyway(
  actor: VerifiedAdmin,
  id: number,
  now = new Date(),
): Promise<{ referrerId: number } | CreditAnywayRefusal | null> {
  assertAdminCan(actor, "credit");
  const outcome = await getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      {
        referredById: number | null;
        confirmed: boolean;
        referralCredit: string | null;
        referrerConfirmed: boolean | null;
      }[]
    >`
      SELECT f."referredById", f."confirmedAt" IS NOT NULL AS "confirmed", f."referralCredit",
             r."confirmSeq" IS NOT NULL AS "referrerConfirmed"
      FROM "waitlist" AS f LEFT JOIN "waitlist" AS r ON r."id" = f."referredById"
      WHERE f."id" = ${id}`;
    const friend = rows[0];
    if (!friend) return null;
    const credited = await tx.$queryRaw<{ referrerId: number | null }[]>`
      SELECT "waitlist_credit_anyway"(${id}::int, ${now}::timestamptz) AS "referrerId"`;
    const referrerId = credited[0]?.referrerId ?? null;
    if (referrerId === null) return refusalOf(friend);
    await recordAudit(tx, auditActorOf(actor), {
      action: "waitlist.credit_referral",
      target: `entry:${id}`,
      details: { referrerId, withheld: friend.referralCredit },
    });
    return { referrerId };
  });
  if (outcome !== null && typeof outcome === "object") {
    // The referrer's place moved; they are told as for any credit (at most one email a day).
    forgetCachedPlaces();
    await queueReferralEmail(outcome.referrerId, now);
  }
  return outcome;
}

function refusalOf(friend: {
  referredById: number | null;
  confirmed: boolean;
  referralCredit: string | null;
  referrerConfirmed: boolean | null;
}): CreditAnywayRefusal {
  if (friend.referralCredit === "credited") return "credited";
  if (friend.referredById === null) return friend.referralCredit ? "referrer-gone" : "not-referred";
  if (!friend.confirmed) return "unconfirmed";
  if (!friend.referrerConfirmed || friend.referralCredit === "referrer-unconfirmed") return "referrer-unconfirmed";
  return isWithheldReferral(friend.referralCredit) ? "credited" : "not-withheld";
}

/** The 409's words for each refusal. */
export const CREDIT_ANYWAY_REFUSALS: Record<CreditAnywayRefusal, string> = {
  "not-referred": "Nobody referred this person: there is no referral to credit.",
  unconfirmed: "This person has not confirmed their address yet: their referral is judged when they do.",
  credited: "This referral is credited already.",
  "referrer-gone": "The person who referred them has left the list: there is nobody to credit.",
  "referrer-unconfirmed":
    "The person who referred them has not confirmed their address, so they have no place to move.",
  "not-withheld": "This referral was not withheld by the rule's exceptions.",
};
