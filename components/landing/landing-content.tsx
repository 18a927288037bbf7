"use client";

import { BusinessExamples } from "@/components/landing/business-examples";
import { ChatExperience } from "@/components/landing/demos/chat-experience";
import { Hero } from "@/components/landing/hero";
import { LandingEffects } from "@/components/landing/landing-effects";
import { StaticPart } from "@/components/landing/static-part";
import { TryOttoSection } from "@/components/landing/try-otto/try-otto-section";
import { WaitlistSection } from "@/components/waitlist/waitlist-section";

/**
 * The landing page's sections, as one client component the server page renders. The page's inline hydration data
 * then holds a reference to this component rather than every section's tree a second time. The sections with
 * something to run (the hero's demo, the carousel, the chat demo, the waiting list) are frames hydrated as usual;
 * everything else is a static part (static-part.tsx), in the HTML only.
 */
export function LandingContent() {
  return (
    <>
      <Hero />
      <StaticPart part="pain-points" />
      <BusinessExamples />
      <StaticPart part="why" />
      <StaticPart part="features" />
      <StaticPart part="comparison" />
      <StaticPart part="examples" />
      <ChatExperience />
      <TryOttoSection copy={<StaticPart part="try-otto-copy" />}>
        <StaticPart part="try-otto-plain-form" />
      </TryOttoSection>
      <StaticPart part="integrations" />
      <StaticPart part="industries" />
      <WaitlistSection />
      <LandingEffects />
    </>
  );
}
