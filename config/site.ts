/**
 * The one place for the product name and site copy that is configuration.
 * Everything that shows the name reads it from here.
 */
const name = process.env.NEXT_PUBLIC_PRODUCT_NAME?.trim() || "Otto";
const url = process.env.NEXT_PUBLIC_SITE_URL?.trim() || "http://localhost:3000";
const host = new URL(url).hostname;

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
} as const;

export type SiteConfig = typeof siteConfig;
