import type { Metadata } from "next";

import { landingTitle } from "@/app/(marketing)/social";
import { BusinessExamples } from "@/components/landing/business-examples";
import { Comparison } from "@/components/landing/comparison";
import { DeferredRender } from "@/components/landing/deferred-render";
import { ChatExperience } from "@/components/landing/demos/chat-experience";
import { Examples } from "@/components/landing/examples";
import { Features } from "@/components/landing/features";
import { Hero } from "@/components/landing/hero";
import { Industries } from "@/components/landing/industries";
import { Integrations } from "@/components/landing/integrations";
import { JsonLd } from "@/components/landing/json-ld";
import { PainPoints } from "@/components/landing/pain-points";
import { RevealObserver } from "@/components/landing/reveal-observer";
import { SourceCapture } from "@/components/landing/source-capture";
import { VisitBeacon } from "@/components/landing/visit-beacon";
import { Why } from "@/components/landing/why";
import { WaitlistSection } from "@/components/waitlist/waitlist-section";
import { siteConfig } from "@/config/site";

export const metadata: Metadata = {
  title: { absolute: landingTitle },
  description: siteConfig.description,
  alternates: { canonical: "/" },
};

/** Built once and served as a file: nothing on it depends on the request (the waitlist count is a client island). */
export default function LandingPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <VisitBeacon />
      <Hero />
      <PainPoints />
      <BusinessExamples />
      <Why />
      <Features />
      <Comparison />
      <Examples />
      <ChatExperience />
      <Integrations />
      <Industries />
      <WaitlistSection />
      <JsonLd />
      <RevealObserver />
      <SourceCapture />
      <DeferredRender />
    </main>
  );
}
