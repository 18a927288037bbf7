/**
 * The landing page's static parts and the element each one is: the browser keeps a part's server markup by claiming
 * that element during hydration, so a part's outermost element must be this one (landing-parts.test.tsx holds it).
 */
export const landingPartTags = {
  "hero-backdrop": "div",
  "hero-copy": "div",
  "pain-points": "section",
  "business-examples-heading": "div",
  why: "section",
  features: "section",
  comparison: "section",
  examples: "section",
  "chat-experience-copy": "div",
  "chat-demo-shell": "div",
  "try-otto-copy": "div",
  "try-otto-plain-form": "form",
  integrations: "section",
  industries: "section",
  "waitlist-pitch": "div",
  "waitlist-plain-form": "form",
} as const;

export type LandingPartName = keyof typeof landingPartTags;

/** Fired when a part the browser rendered itself has arrived, so the page's effects (revealing blocks) see it. */
export const PART_ARRIVED_EVENT = "otto:landing-part";
