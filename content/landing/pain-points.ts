import { siteConfig } from "@/config/site";
import type { IconName } from "@/content/icon-names";
import type { SectionIntro } from "@/content/landing/types";

export interface PainPoint {
  icon: IconName;
  title: string;
  problem: string;
  solution: string;
}

export const painPointsIntro: SectionIntro = {
  eyebrow: "Sound familiar?",
  title: "Small Business Struggles?",
  lead: "You started your business to do the work you are good at, not to spend every evening wrestling with paperwork. These are the jobs that eat your time, and how they go away.",
};

export const painPoints: readonly PainPoint[] = [
  {
    icon: "clock-alert",
    title: "Admin After Hours",
    problem:
      "A full day on the job, then quotes, invoices and emails at the kitchen table until late. The admin never stops, it just moves into your evenings.",
    solution: `Tell ${siteConfig.name} what you need in one sentence between jobs. The quote is written, the invoice is sent and the customer is answered before you reach the van.`,
  },
  {
    icon: "layers",
    title: "Complex Software Learning",
    problem:
      "Business software full of menus, settings and training videos. You pay for features you never find and still keep half of it on paper.",
    solution: `Nothing to learn. If you can send a text message, you can use ${siteConfig.name}: ask in your own words and it does the clicking for you.`,
  },
  {
    icon: "calendar-x",
    title: "Chaotic Scheduling",
    problem:
      "Bookings scattered across texts, calls and a paper diary. Double bookings, forgotten callbacks and customers who don't show up.",
    solution: `${siteConfig.name} keeps one calendar, offers customers your free slots, confirms bookings and sends reminders the day before, automatically.`,
  },
  {
    icon: "users",
    title: "Customer Management",
    problem:
      "Phone numbers in your contacts, addresses in old emails, job notes in your head. Finding who owes what takes longer than the job itself.",
    solution: `Every customer, job, quote and payment in one place. Ask "who hasn't paid yet?" and get the answer, with a reminder ready to send.`,
  },
];

/** Heading over each card's solution. */
export const solutionLabel = `With ${siteConfig.name}`;

export const painPointsCta = { label: "Join the Waitlist Today", href: "#join-waitlist" } as const;
