import {
  siAsana,
  siBrevo,
  siCalendly,
  siGmail,
  siGooglecalendar,
  siIcloud,
  siPaypal,
  siProtonmail,
  siQuickbooks,
  siSage,
  siSquare,
  siStripe,
  siTodoist,
  siTrello,
  siXero,
  type SimpleIcon,
} from "simple-icons";

import { siteConfig } from "@/config/site";
import type { SectionIntro } from "@/content/landing/types";

export type IntegrationCategory = "Payments" | "Calendar" | "Accounting" | "Email" | "Tasks";

export interface Integration {
  icon: SimpleIcon;
  category: IntegrationCategory;
}

export const integrationsIntro: SectionIntro = {
  eyebrow: "Integrations",
  title: "Powerful integrations with the tools you already use",
  lead: `Payments, calendars, accounting, email and scheduling: ${siteConfig.name} works across them all, so you never copy a detail from one app to another again.`,
};

/** Fifteen brand marks in three rows of five; each row mixes the five kinds of tool. */
export const integrationRows: readonly (readonly Integration[])[] = [
  [
    { icon: siStripe, category: "Payments" },
    { icon: siGooglecalendar, category: "Calendar" },
    { icon: siQuickbooks, category: "Accounting" },
    { icon: siGmail, category: "Email" },
    { icon: siTrello, category: "Tasks" },
  ],
  [
    { icon: siPaypal, category: "Payments" },
    { icon: siCalendly, category: "Calendar" },
    { icon: siXero, category: "Accounting" },
    { icon: siBrevo, category: "Email" },
    { icon: siAsana, category: "Tasks" },
  ],
  [
    { icon: siSquare, category: "Payments" },
    { icon: siIcloud, category: "Calendar" },
    { icon: siSage, category: "Accounting" },
    { icon: siProtonmail, category: "Email" },
    { icon: siTodoist, category: "Tasks" },
  ],
];

/** Where an integration's logo is served: a static file built by `npm run icons` (scripts/icons/build.ts). */
export function integrationLogoUrl(icon: Pick<SimpleIcon, "slug">): string {
  return `/integrations/${icon.slug}.svg`;
}

export const integrationsNote =
  "Brand names and logos belong to their owners and show the kinds of tool we connect with.";
