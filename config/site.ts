/**
 * The one place for the product name and site copy that is configuration.
 * Everything that shows the name reads it from here.
 */
const name = process.env.NEXT_PUBLIC_PRODUCT_NAME?.trim() || "Otto";
const url = process.env.NEXT_PUBLIC_SITE_URL?.trim() || "http://localhost:3000";
const host = new URL(url).hostname;

/** How soon the team sends an accepted invitation its login, in words; the welcome page promises it. */
export const DEFAULT_LOGIN_WITHIN = "one working day";
/** How long the set-up call after accepting lasts, in minutes (0: there is no call). */
export const DEFAULT_CALL_MINUTES = 15;

// The same rules lib/env.ts checks at start (which refuses a bad value); read leniently here, as this
// module is also loaded where the server's checked environment is not.
const loginWithin = process.env.EARLY_ACCESS_LOGIN_WITHIN?.trim() || DEFAULT_LOGIN_WITHIN;
const callMinutesText = process.env.EARLY_ACCESS_CALL_MINUTES?.trim();
const callMinutes =
  callMinutesText && /^\d{1,3}$/.test(callMinutesText) && Number(callMinutesText) <= 240
    ? Number(callMinutesText)
    : DEFAULT_CALL_MINUTES;

export const siteConfig = {
  name,
  /** Lower-case name, used in anchors such as `why-otto`. */
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  tagline: "Your AI employee",
  description: `${name} is the AI assistant for small service businesses: run quotes, invoices, bookings and reminders by chatting, not by clicking through CRM menus.`,
  url,
  /** Who holds the waiting list's personal data, and where people write about it (the privacy notice). */
  privacy: {
    controller: process.env.NEXT_PUBLIC_PRIVACY_CONTROLLER?.trim() || name,
    email:
      process.env.NEXT_PUBLIC_PRIVACY_EMAIL?.trim() ||
      `privacy@${host === "localhost" || host === "127.0.0.1" ? "example.com" : host.replace(/^www\./, "")}`,
  },
  /**
   * What the welcome page after accepting an invitation promises: set them to what the team will really do
   * (`EARLY_ACCESS_LOGIN_WITHIN`, `EARLY_ACCESS_CALL_MINUTES`), as each person is told to expect it.
   */
  earlyAccess: {
    /** How soon the login is emailed, as words that follow "within" ("one working day", "48 hours"). */
    loginWithin,
    /** The set-up call's length in minutes; 0 when there is no call. */
    callMinutes,
  },
} as const;

export type SiteConfig = typeof siteConfig;
