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
 * Header navigation: Pain Points, Examples, Chat Interface, Why {product}, Features and Benefits, in that order
 * (the order visitors are promised, not the page's). "Examples" goes to the `examples` section, whose eyebrow it
 * is and which leads into the chat demo listed next; the business types carousel keeps its own anchor,
 * `business-examples`.
 */
export const headerLinks: readonly SectionLink[] = [
  { label: "Pain Points", id: sectionIds.painPoints },
  { label: "Examples", id: sectionIds.examples },
  { label: "Chat Interface", id: sectionIds.chatExperience },
  { label: `Why ${siteConfig.name}`, id: sectionIds.why },
  { label: "Features and Benefits", id: sectionIds.features },
];

export const joinWaitlistLink: SectionLink = { label: "Join Waitlist", id: sectionIds.joinWaitlist };

/** The call to action in the header of a page other than the landing page. */
export interface PageHeaderCta {
  label: string;
  href: string;
}

/** What the header offers on the other pages, by who reaches them: joining only to those not on the list. */
export const pageHeaderCtas = {
  /** Anyone: the privacy notice, the 404 page, a link that no longer works. */
  visitor: { label: joinWaitlistLink.label, href: `/#${sectionIds.joinWaitlist}` },
  /** Someone already on the list (confirming, confirmed): what is coming, rather than joining again. */
  member: { label: "See the demo", href: `/#${sectionIds.chatExperience}` },
  /** Someone leaving, gone, or invited in: no push, just the way back to the site. */
  home: { label: `Back to ${siteConfig.name}`, href: "/" },
} as const satisfies Record<string, PageHeaderCta>;

/** Footer navigation: Why {product}, Examples, Features, Industries, Join Waitlist. */
export const footerLinks: readonly SectionLink[] = [
  { label: `Why ${siteConfig.name}`, id: sectionIds.why },
  { label: "Examples", id: sectionIds.examples },
  { label: "Features", id: sectionIds.features },
  { label: "Industries", id: sectionIds.industries },
  joinWaitlistLink,
];
