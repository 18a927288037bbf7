"use client";

import { useEffect, useRef } from "react";

/**
 * Calls `onFrame` once on mount and then at most once per animation frame while the page scrolls or resizes.
 * Passive listeners and rAF batching keep scrolling smooth.
 */
export function useScrollFrame(onFrame: () => void, enabled = true): void {
  const callback = useRef(onFrame);
  useEffect(() => {
    callback.current = onFrame;
  });

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const run = () => {
      frame = 0;
      callback.current();
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(run);
    };
    run();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [enabled]);
}
