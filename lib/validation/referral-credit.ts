// What came of a referral, kept on the friend's entry ("referralCredit"), and the words each reader sees: the
// team in the admin, the referrer on their status page (who is never told who the friend is). No server-only
// imports: the admin's audit page reads it too.

/** The rule's exceptions: a referral withheld for one of these may be credited anyway by an admin. */
export const WITHHELD_REFERRAL_REASONS = ["self", "same-network", "daily-cap", "domain-cap"] as const;
export type WithheldReferralReason = (typeof WITHHELD_REFERRAL_REASONS)[number];

/** Whether a referral's outcome is one an admin may override ("Credit anyway"). */
export function isWithheldReferral(credit: string | null | undefined): credit is WithheldReferralReason {
  return (WITHHELD_REFERRAL_REASONS as readonly string[]).includes(credit ?? "");
}

/** Why a referral was not credited, as the team reads it (after "Not credited: "). */
export function withheldReasonForTeam(credit: string): string {
  switch (credit) {
    case "self":
      return "the referrer's own address, written differently";
    case "same-network":
      return "signed up from the referrer's network within 30 days of them";
    case "daily-cap":
      return "past the referrer's limit for the day";
    case "domain-cap":
      return "a second friend in one day from the same company email domain";
    case "referrer-unconfirmed":
      return "the referrer never confirmed their address";
    default:
      return credit;
  }
}

/** One friend's referral as the referrer's status page lists it. */
export type FriendReferralState = "credited" | "waiting" | "not-credited";

/**
 * Why a friend's referral did not count, in the referrer's own terms (after "Not credited: "). `dailyCap` is
 * the rule's limit of credited friends a day.
 */
export function withheldReasonForReferrer(credit: string | null, dailyCap: number): string {
  switch (credit) {
    case "self":
      return "this is your own email address, written another way";
    case "same-network":
      return "they signed up from the same network as you, within 30 days of you";
    case "daily-cap":
      return `the daily limit: at most ${dailyCap} friends count for you in one day`;
    case "domain-cap":
      return "the daily limit: one friend a day counts from any one company's email domain";
    case "referrer-unconfirmed":
      return "you had not confirmed your own email when they confirmed theirs";
    default:
      return "there was nobody to credit when they confirmed";
  }
}
