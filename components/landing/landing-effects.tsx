"use client";

import { DeferredRender } from "@/components/landing/deferred-render";
import { RevealObserver } from "@/components/landing/reveal-observer";
import { ScrollEffects } from "@/components/landing/scroll-effects-island";

/**
 * The landing page's behaviour that belongs to no one block: revealing blocks as they come into view, rendering
 * the deferred sections once the page is idle, and the scroll-linked motion. One client component for all three,
 * each working on the server's markup through data attributes, so the page hydrates one small island for them.
 */
export function LandingEffects() {
  return (
    <>
      <RevealObserver />
      <DeferredRender />
      <ScrollEffects />
    </>
  );
}
