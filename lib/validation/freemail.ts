// Free mailbox providers: domains where anyone may open any number of addresses, and where strangers share
// the domain. The referral rule treats every other domain as someone's own, where one person can make
// addresses without end, so it credits one referrer at most one friend a UTC day from such a domain. The
// database applies the same list (waitlist_is_freemail in prisma/sql/functions/waitlist_line.sql), and a
// test holds the two together: a provider added here is added there.

/** Providers' domains, exactly. */
export const FREEMAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "aol.com",
  "gmx.com",
  "gmx.net",
  "gmx.de",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "zoho.com",
  "fastmail.com",
  "tutanota.com",
  "tuta.io",
  "hey.com",
] as const;

/**
 * Providers with a domain in many countries (hotmail.co.uk, yahoo.fr): the brand under .com, a two-letter
 * country suffix, or co. / com. before one. Never as a label of a longer domain: yahoo.example.com is
 * example.com's.
 */
export const FREEMAIL_BRANDS = ["hotmail", "yahoo", "live", "outlook", "ymail"] as const;

const BRAND_DOMAIN = new RegExp(`^(${FREEMAIL_BRANDS.join("|")})\\.(com|[a-z]{2}|(co|com)\\.[a-z]{2})$`);
const EXACT: ReadonlySet<string> = new Set(FREEMAIL_DOMAINS);

/** Whether an address's domain (any case) belongs to a free mailbox provider. */
export function isFreemailDomain(domain: string): boolean {
  const lower = domain.trim().toLowerCase();
  return EXACT.has(lower) || BRAND_DOMAIN.test(lower);
}
