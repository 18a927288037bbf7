import { siteConfig } from "@/config/site";
import type { SectionIntro } from "@/content/landing/types";

export const comparisonIntro: SectionIntro = {
  eyebrow: "Less software, more done",
  title: "Simple by Design",
  lead: `Most business software asks you to change how you work. ${siteConfig.name} asks one question: what do you need doing?`,
};

export const dontNeedTitle = "What You Don't Need";
export const getTitle = "What You Get";

export const dontNeed: readonly string[] = [
  "A CRM with dozens of menus and settings",
  "Hours of training videos and onboarding calls",
  "Separate apps for quotes, invoices and bookings",
  "Evenings and weekends lost to paperwork",
  "An office manager to keep it all together",
];

export const youGet: readonly string[] = [
  "One conversation for all of your admin",
  "Quotes and invoices sent in seconds",
  "A diary that fills itself and sends reminders",
  "Every customer and payment in one place",
  "Help by text or voice, wherever you are",
];
