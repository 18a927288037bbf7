import type { Metadata } from "next";

import { socialMetadata } from "@/app/(marketing)/social";
import { SiteFooter } from "@/components/landing/site-footer";
import { SiteHeader } from "@/components/landing/site-header";
import { headerLinks, joinWaitlistLink, sectionIds, sectionOrder } from "@/content/landing/navigation";

// The social cards live at this level, beside opengraph-image.tsx and twitter-image.tsx: Next adds a segment's
// generated images only to the Open Graph and Twitter settings declared at the same level.
export const metadata: Metadata = socialMetadata;

/*
 * Sections below the hero (data-defer-render) skip style and layout while off screen, so the first paint lays out
 * only the hero; components/landing/deferred-render.tsx renders them one by one once the page is idle. A page opened
 * at an anchor renders everything from the start, so the jump lands on the exact spot. Inline in the head rather than
 * in globals.css: Chrome may lay the page out before the stylesheet arrives, and that layout should skip them too.
 */
const deferRenderCss =
  "[data-defer-render]{content-visibility:auto;contain-intrinsic-size:auto 1000px}" +
  "html:has(:target) [data-defer-render]{content-visibility:visible}";

export default function MarketingLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <style href="defer-render" precedence="default">
        {deferRenderCss}
      </style>
      {/*
       * Without JavaScript nothing would reveal the sections: show them as they are. Nor would anything bring the
       * header down when the keyboard reaches it, or open its menu: it comes on screen while it holds focus, and
       * on a phone its call to action (a plain link) stands in for the menu's toggle. The business types' tabs,
       * arrows and dots would change nothing: the first slide stands alone, as a card that reads on its own.
       */}
      <noscript>
        <style>
          {"[data-reveal]{opacity:1!important;translate:none!important}" +
            "[data-site-header]:focus-within{translate:none!important;opacity:1!important;pointer-events:auto!important}" +
            "[data-site-header] [aria-controls=mobile-menu]{display:none!important}" +
            "[data-site-header] [data-header-cta]{display:inline-flex!important}" +
            "[aria-roledescription=carousel] [role=tablist],[aria-roledescription=carousel] div:has(>[data-carousel]){display:none!important}"}
        </style>
      </noscript>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader links={headerLinks} sectionIds={sectionOrder} cta={joinWaitlistLink} homeId={sectionIds.hero} />
      {children}
      <SiteFooter />
    </>
  );
}
