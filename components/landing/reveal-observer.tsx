"use client";

import { useEffect } from "react";

import { REVEAL_MIN_RATIO, REVEAL_ROOT_MARGIN, revealThresholds } from "@/components/landing/scroll-math";

const reveal = (element: Element) => element.setAttribute("data-revealed", "true");

/**
 * Reveals every `Reveal` block on the page as it scrolls into view (thresholds 0.05 to 0.5, 5% margin), with
 * one IntersectionObserver for all of them. The blocks are server-rendered, and React never renders them again, so
 * setting their `data-revealed` attribute here does not fight React.
 */
export function RevealObserver() {
  useEffect(() => {
    const hidden = document.querySelectorAll('[data-reveal][data-revealed="false"]');
    if (hidden.length === 0) return;
    if (typeof IntersectionObserver === "undefined") {
      const frame = requestAnimationFrame(() => hidden.forEach(reveal));
      return () => cancelAnimationFrame(frame);
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
    hidden.forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, []);

  return null;
}
