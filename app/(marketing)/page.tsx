import type { Metadata } from "next";

import { landingTitle } from "@/app/(marketing)/social";
import { BusinessExamples } from "@/components/landing/business-examples";
import { Comparison } from "@/components/landing/comparison";
import { ChatExperience } from "@/components/landing/demos/chat-experience";
import { Examples } from "@/components/landing/examples";
import { Features } from "@/components/landing/features";
import { Hero } from "@/components/landing/hero";
import { Industries } from "@/components/landing/industries";
import { Integrations } from "@/components/landing/integrations";
import { JsonLd } from "@/components/landing/json-ld";
import { LandingEffects } from "@/components/landing/landing-effects";
import { PainPoints } from "@/components/landing/pain-points";
import { VisitBeacon } from "@/components/landing/visit-beacon";
import { Why } from "@/components/landing/why";
import { WaitlistSection } from "@/components/waitlist/waitlist-section";
import { siteConfig } from "@/config/site";
import { SIGNUP_CAPTURE_SCRIPT } from "@/lib/signup-source";

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
      {/* Where the visit came from, kept as the page is read rather than once its scripts have loaded. */}
      <script dangerouslySetInnerHTML={{ __html: SIGNUP_CAPTURE_SCRIPT }} />
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
      <LandingEffects />
    </main>
  );
}
