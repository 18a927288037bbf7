import { siteConfig } from "@/config/site";
import type { SectionLink } from "@/content/landing/types";

/** Anchor ids of the landing page, in page order. */
export const sectionIds = {
  hero: "hero",
  painPoints: "pain-points",
  businessExamples: "business-examples",
  why: `why-${siteConfig.slug}`,
  features: "features",
  comparison: "comparison",
  examples: "examples",
  chatExperience: "chat-experience",
  integrations: "integrations",
  industries: "industries",
  joinWaitlist: "join-waitlist",
} as const;

/** Every section anchor in the order the sections appear. */
export const sectionOrder: readonly string[] = Object.values(sectionIds);

/**
 * Header navigation: Pain Points, Examples, Chat Interface, Why {product}, Features and Benefits. "Examples"
 * goes to the `examples` section, whose eyebrow it is and which leads into the chat demo listed next; the business
 * types carousel keeps its own anchor, `business-examples`.
 */
export const headerLinks: readonly SectionLink[] = [
  { label: "Pain Points", id: sectionIds.painPoints },
  { label: "Examples", id: sectionIds.examples },
  { label: "Chat Interface", id: sectionIds.chatExperience },
  { label: `Why ${siteConfig.name}`, id: sectionIds.why },
  { label: "Features and Benefits", id: sectionIds.features },
];

export const joinWaitlistLink: SectionLink = { label: "Join Waitlist", id: sectionIds.joinWaitlist };

/** Footer navigation: Why {product}, Examples, Features, Industries, Join Waitlist. */
export const footerLinks: readonly SectionLink[] = [
  { label: `Why ${siteConfig.name}`, id: sectionIds.why },
  { label: "Examples", id: sectionIds.examples },
  { label: "Features", id: sectionIds.features },
  { label: "Industries", id: sectionIds.industries },
  joinWaitlistLink,
];
