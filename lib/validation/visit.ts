import { cleanSignupSource, DIRECT_SOURCE, isReferralCode, REFERRAL_SOURCE } from "@/lib/validation/waitlist";
import { z } from "@/lib/validation/zod";

/** The most a beacon's value may hold: the landing page cuts what it keeps to this (see lib/signup-source). */
export const VISIT_VALUE_MAX_LENGTH = 200;

const value = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(VISIT_VALUE_MAX_LENGTH, { message: `${name} must be at most ${VISIT_VALUE_MAX_LENGTH} characters` })
    .nullish();

/**
 * The landing page's beacon (POST /api/visit): the visit's utm_source, referring host and personal link's
 * code (`ref`) as the page found them, unchecked. A body of another shape is refused; unknown fields are
 * dropped.
 */
export const visitSchema = z.object({ utmSource: value("utmSource"), referrer: value("referrer"), ref: value("ref") });
export type VisitBody = z.output<typeof visitSchema>;

/**
 * The visit's source by the signup's own rule and checks (lib/validation/waitlist): its utm_source, else
 * "referral" when it came through a personal link (a well-formed code: the signup's form sends only such a
 * code), else its referring host, else "direct", each value normalised as a signup's is and dropped when a
 * signup's form would drop it, so visitors and signups of one source are counted under the same name. (A
 * signup's source is the database's generated column waitlist."source"; a visit has no row, so the rule is
 * applied here.)
 */
export function visitSource(body: VisitBody): string {
  const clean = cleanSignupSource({ utmSource: body.utmSource ?? undefined, referrer: body.referrer ?? undefined });
  const referred = isReferralCode(body.ref?.trim().toLowerCase());
  return clean?.utmSource ?? (referred ? REFERRAL_SOURCE : undefined) ?? clean?.referrer ?? DIRECT_SOURCE;
}
