import { siteConfig } from "@/config/site";
import type { IconCard, SectionIntro } from "@/content/landing/types";

export const featuresIntro: SectionIntro = {
  eyebrow: "Features and Benefits",
  title: "Everything your office would do, in one conversation",
  lead: `${siteConfig.name} connects to the tools you already rely on, so the work gets done where it needs to happen.`,
};

export const currentFeatures: readonly IconCard[] = [
  {
    icon: "mail",
    title: "Email Integration",
    body: "Sends quotes, confirmations and follow-ups from your own email address, and tells you when customers reply.",
  },
  {
    icon: "calendar-sync",
    title: "Calendar Sync",
    body: "Works with Google Calendar, so every booking lands in the diary you already check on your phone.",
  },
  {
    icon: "credit-card",
    title: "Stripe Payments",
    body: "Adds a secure payment link to every invoice, so customers can pay by card the moment it arrives.",
  },
  {
    icon: "file-text",
    title: "PDF Documents",
    body: "Professional quotes and invoices with your logo and details, created from a sentence and ready to send.",
  },
  {
    icon: "map-pin",
    title: "Location Intelligence",
    body: "Uses maps to plan your day, estimate travel between jobs and tell customers when you'll arrive.",
  },
  {
    icon: "bot",
    title: "Auto Mode",
    body: "Lets routine jobs run by themselves: reminders, follow-ups and thank-you notes go out without you asking.",
  },
];

export const comingSoonLabel = "Coming Soon";

export const comingSoonFeatures: readonly IconCard[] = [
  {
    icon: "calendar-check",
    title: "Calendly Bookings",
    body: "Customers book themselves in, and each booking shows up in your conversation.",
  },
  {
    icon: "share-2",
    title: "Social Media",
    body: "Answer Facebook and Instagram enquiries without switching apps.",
  },
  {
    icon: "nfc",
    title: "Square Payments",
    body: "Take card payments on the doorstep, matched to the right invoice automatically.",
  },
  {
    icon: "calculator",
    title: "QuickBooks",
    body: "Invoices and payments flow straight into your books.",
  },
  {
    icon: "receipt",
    title: "Xero",
    body: "Every sale and payment recorded, ready for your accountant.",
  },
  {
    icon: "plus",
    title: "And More",
    body: "Tell us what you use when you join the waitlist, and help decide what comes next.",
  },
];

export const featuresCta = { label: "Join Our Waitlist", href: "#join-waitlist" } as const;
