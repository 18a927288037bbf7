import { siteConfig } from "@/config/site";
import type { IconCard, SectionIntro } from "@/content/landing/types";

export const whyIntro: SectionIntro = {
  eyebrow: `Why ${siteConfig.name}`,
  title: "An assistant, not another app to manage",
  lead: `${siteConfig.name} works the way you already work: you say what needs doing, and it gets done. No setup weekends, no training days.`,
};

export const whyCards: readonly IconCard[] = [
  {
    icon: "message-circle",
    title: "Simple Conversations",
    body: 'Type or talk the way you would to a colleague. "Book Sarah in for Thursday at 10" is all it takes.',
  },
  {
    icon: "zap",
    title: "Instant Actions",
    body: "Quotes, invoices, bookings and reminders are created and sent in seconds, while you are still on site.",
  },
  {
    icon: "layout-dashboard",
    title: "No Dashboards",
    body: "No menus to dig through and no reports to decode. Ask a question and get a straight answer.",
  },
  {
    icon: "puzzle",
    title: "Fits Your Business",
    body: "Your prices, your services, your working hours. It learns how you run things and works around them.",
  },
];
