import type { IconName } from "@/content/icon-names";

/** A link to a section of the landing page. `id` is the target anchor, without the `#`. */
export interface SectionLink {
  label: string;
  id: string;
}

/** Eyebrow, title and lead paragraph that open a section. */
export interface SectionIntro {
  eyebrow: string;
  title: string;
  lead: string;
}

export interface IconCard {
  icon: IconName;
  title: string;
  body: string;
}
