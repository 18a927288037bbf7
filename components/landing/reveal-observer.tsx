"use client";

import { useEffect } from "react";

import { PART_ARRIVED_EVENT } from "@/components/landing/landing-part-tags";
import { REVEAL_MIN_RATIO, REVEAL_ROOT_MARGIN, revealThresholds } from "@/components/landing/scroll-math";

const HIDDEN = '[data-reveal][data-revealed="false"]';

const reveal = (element: Element) => element.setAttribute("data-revealed", "true");

/**
 * Reveals every `Reveal` block on the page as it scrolls into view (thresholds 0.05 to 0.5, 5% margin), with
 * one IntersectionObserver for all of them. The blocks are server-rendered, and React never renders them again, so
 * setting their `data-revealed` attribute here does not fight React. Blocks rendered later (the static parts on a
 * client-side visit) are watched as they arrive.
 */
export function RevealObserver() {
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") {
      const revealAll = () => document.querySelectorAll(HIDDEN).forEach(reveal);
      const frame = requestAnimationFrame(revealAll);
      window.addEventListener(PART_ARRIVED_EVENT, revealAll);
      return () => {
        cancelAnimationFrame(frame);
        window.removeEventListener(PART_ARRIVED_EVENT, revealAll);
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < REVEAL_MIN_RATIO) continue;
          reveal(entry.target);
          observer.unobserve(entry.target);
        }
      },
      { threshold: revealThresholds(), rootMargin: REVEAL_ROOT_MARGIN },
    );
    // Observing a block twice is harmless: a part rendered after a client-side visit adds blocks to watch.
    const observeHidden = () => document.querySelectorAll(HIDDEN).forEach((element) => observer.observe(element));
    observeHidden();
    window.addEventListener(PART_ARRIVED_EVENT, observeHidden);
    return () => {
      observer.disconnect();
      window.removeEventListener(PART_ARRIVED_EVENT, observeHidden);
    };
  }, []);

  return null;
}
