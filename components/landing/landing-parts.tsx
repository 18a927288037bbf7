import type { ComponentType } from "react";

import { Comparison } from "@/components/landing/comparison";
import { ChatDemoShell } from "@/components/landing/demos/chat-demo-shell";
import { ChatExperienceCopy } from "@/components/landing/demos/chat-experience-copy";
import { Examples } from "@/components/landing/examples";
import { Features } from "@/components/landing/features";
import { HeroBackdrop, HeroCopy } from "@/components/landing/hero-copy";
import { Industries } from "@/components/landing/industries";
import { Integrations } from "@/components/landing/integrations";
import type { LandingPartName } from "@/components/landing/landing-part-tags";
import { PainPoints } from "@/components/landing/pain-points";
import { SectionHeading } from "@/components/landing/section-heading";
import { TryOttoCopy } from "@/components/landing/try-otto/try-otto-copy";
import { TryOttoPlainForm } from "@/components/landing/try-otto/try-otto-form";
import { Why } from "@/components/landing/why";
import { WaitlistPitch } from "@/components/waitlist/waitlist-pitch";
import { WaitlistPlainForm } from "@/components/waitlist/waitlist-plain-form";
import { businessExamplesIntro } from "@/content/landing/business-examples";

function BusinessExamplesHeading() {
  return <SectionHeading id="business-examples-heading" intro={businessExamplesIntro} />;
}

/**
 * What each static part of the landing page renders. The server renders them into the built page; the browser
 * loads this module only when it renders the page itself (a client-side visit), never on the first load.
 */
export const landingParts: Record<LandingPartName, ComponentType> = {
  "hero-backdrop": HeroBackdrop,
  "hero-copy": HeroCopy,
  "pain-points": PainPoints,
  "business-examples-heading": BusinessExamplesHeading,
  why: Why,
  features: Features,
  comparison: Comparison,
  examples: Examples,
  "chat-experience-copy": ChatExperienceCopy,
  "chat-demo-shell": ChatDemoShell,
  "try-otto-copy": TryOttoCopy,
  "try-otto-plain-form": TryOttoPlainForm,
  integrations: Integrations,
  industries: Industries,
  "waitlist-pitch": WaitlistPitch,
  "waitlist-plain-form": WaitlistPlainForm,
};

/** Renders one static part. */
export function LandingPart({ part }: { part: LandingPartName }) {
  const Part = landingParts[part];
  return <Part />;
}
