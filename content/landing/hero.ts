import { siteConfig } from "@/config/site";

export const heroContent = {
  eyebrow: "For trades and service businesses",
  headline: "Imagine an AI employee doing the jobs you don't have time for",
  subline: `${siteConfig.name} can help with all your admin tasks: quotes, invoices, bookings, customers and reminders, handled in a quick chat by text or voice instead of an evening at the laptop.`,
  primaryCta: { label: "Join the Waitlist", href: "#join-waitlist" },
  secondaryCta: { label: "See it in action", href: "#chat-experience" },
  reassurance: ["Free to join", "No card needed", "Early access for small teams"],
  /** Said once, under the hero's device, to a browser without scripts: the demos cannot play there. */
  noScriptNote:
    "The demos on this page play with JavaScript turned on. Everything else, and joining the waiting list, works without it.",
  deviceLabel: `${siteConfig.name} handling a customer's booking, shown in a tablet`,
} as const;
