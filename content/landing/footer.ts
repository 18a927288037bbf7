import { siteConfig } from "@/config/site";

export const footerContent = {
  tagline: siteConfig.tagline,
  blurb: "The AI assistant that handles quotes, invoices, bookings and reminders for small service businesses.",
  navLabel: "Footer",
  privacy: { label: "Privacy notice", href: "/privacy" },
  /** The copyright line for a given year. */
  copyright: (year: number) => `© ${year} ${siteConfig.name}. All rights reserved.`,
} as const;
