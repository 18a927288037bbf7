import "server-only";

import { getDb } from "@/lib/db";

/**
 * How long a referrer's greeting (or its absence) may be kept by browsers and a CDN: the name of a confirmed
 * person changes seldom, and a visitor who lands through the link asks once. No cookie is read or set.
 */
export const REFERRER_GREETING_CACHE_CONTROL = "public, max-age=300, s-maxage=300, stale-while-revalidate=600";

/** Said for every code that greets nobody: unknown, unconfirmed, held and gone alike. */
export const NO_REFERRER_MESSAGE = "No one to greet for this link.";

/** The first word of a name as people sign up with it ("Dana Whitfield" is greeted as "Dana"). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * The first name of the person whose personal link has this code, only when they confirmed their address and
 * their signup is not held for review: anyone else (unknown, unconfirmed, held, gone) is null, the same for
 * all, so the greeting tells nobody more than a confirmed referrer's first name.
 */
export async function referrerFirstName(code: string): Promise<string | null> {
  const entry = await getDb().waitlistEntry.findFirst({
    where: { referralCode: code, confirmedAt: { not: null }, heldAt: null },
    select: { name: true },
  });
  const first = entry ? firstNameOf(entry.name) : "";
  return first === "" ? null : first;
}
