import { siteConfig } from "@/config/site";
import type { SectionIntro } from "@/content/landing/types";

export interface DayMoment {
  time: string;
  /** What the owner asks, in their own words. */
  ask: string;
  /** What the assistant did. */
  outcome: string;
}

export const examplesIntro: SectionIntro = {
  eyebrow: "Examples",
  title: `A day with ${siteConfig.name}`,
  lead: "Four messages from a real working day. Each one used to mean twenty minutes at a screen.",
};

export const dayMoments: readonly DayMoment[] = [
  {
    time: "07:30",
    ask: "What's on today?",
    outcome: "Three jobs in order, with travel times and the gate code for the second one.",
  },
  {
    time: "12:15",
    ask: "Quote the Hendersons for the new fence, £950, valid for two weeks.",
    outcome: "A branded PDF quote, emailed before lunch is over.",
  },
  {
    time: "16:40",
    ask: "Tell Mrs Patel I'm running about 30 minutes late.",
    outcome: "A polite email sent from your address, with the new arrival time.",
  },
  {
    time: "19:00",
    ask: "Chase anyone who hasn't paid this month.",
    outcome: "Friendly reminders to three customers, each with a payment link.",
  },
];

export const examplesOutro = "Try it yourself below: pick a question or switch to voice.";
