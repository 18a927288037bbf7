"use client";

import { useEffect } from "react";

import { whenIdle } from "@/components/landing/when-idle";

const DEFERRED = "[data-defer-render]";

function render(element: Element) {
  element.removeAttribute("data-defer-render");
}

/**
 * Renders every section that is still deferred, at once. An in-page jump calls it first: its target's position
 * depends on the real height of every section above it, not on the placeholder height of skipped ones.
 */
export function renderDeferredSections(): void {
  document.querySelectorAll(DEFERRED).forEach(render);
}

/**
 * The sections below the hero carry `data-defer-render`, which lets the browser skip their style and layout while
 * they are off screen (`content-visibility: auto`, set in app/(marketing)/layout.tsx): the first paint only lays out
 * the hero. Once the browser is idle after hydration, this renders them in page order, one per idle period, so no
 * single long task holds the main thread, and later scrolling meets a page that is fully laid out.
 */
export function DeferredRender() {
  useEffect(() => {
    let cancel = whenIdle(step);
    function step() {
      const next = document.querySelector(DEFERRED);
      if (!next) return;
      render(next);
      cancel = whenIdle(step);
    }
    return () => cancel();
  }, []);

  return null;
}
