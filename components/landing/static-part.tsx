"use client";

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";

import { landingPartTags, PART_ARRIVED_EVENT, type LandingPartName } from "@/components/landing/landing-part-tags";

type PartsModule = typeof import("@/components/landing/landing-parts");

// The server renders the parts themselves, in the same pass as the page, so the built page holds them in place,
// readable and usable without scripts. `typeof window` is settled when each bundle is built, so the browser's
// bundle carries neither this require nor the parts' code.
const serverParts: PartsModule | null =
  typeof window === "undefined"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: see above
      (require("@/components/landing/landing-parts") as PartsModule)
    : null;

// In the browser the parts' code loads only when the browser renders the page itself (a client-side visit).
const LazyPart = lazy(() => import("@/components/landing/landing-parts").then((mod) => ({ default: mod.LandingPart })));

// One object for every render: React writes an element's inner HTML again only when this object changes, so the
// server's markup inside the part is never overwritten.
const KEEP_SERVER_MARKUP = { __html: "" };

const subscribeToNothing = () => () => {};

function Arrived() {
  useEffect(() => {
    window.dispatchEvent(new Event(PART_ARRIVED_EVENT));
  }, []);
  return null;
}

/**
 * A part of the landing page with no behaviour of its own (a section, a heading, the plain form): sent once, as
 * the page's HTML, instead of again as the data React hydrates the page from. While the page hydrates, the part's
 * element is claimed with an empty inner HTML that React never writes, so the server's markup inside stays as it
 * is, costing no script. Rendered in the browser (a client-side visit to the page), it loads its code and renders.
 */
export function StaticPart({ part }: { part: LandingPartName }) {
  // True on the server and while hydrating the server's page; false when the browser renders the part itself.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [keep] = useState(hydrating);

  if (serverParts) return <serverParts.LandingPart part={part} />;
  if (keep) {
    const Element = landingPartTags[part];
    return <Element dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} suppressHydrationWarning />;
  }
  return (
    <Suspense fallback={null}>
      <LazyPart part={part} />
      <Arrived />
    </Suspense>
  );
}
