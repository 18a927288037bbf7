import type { Metadata } from "next";

import { landingTitle } from "@/app/(marketing)/social";
import { JsonLd } from "@/components/landing/json-ld";
import { LandingContent } from "@/components/landing/landing-content";
import { VisitBeacon } from "@/components/landing/visit-beacon";
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
      <LandingContent />
      <JsonLd />
    </main>
  );
}
