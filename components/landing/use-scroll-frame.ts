"use client";

import { useEffect, useRef } from "react";

/**
 * Calls `onFrame` in the first animation frame after mount and then at most once per frame while the page scrolls
 * or resizes. Passive listeners and rAF batching keep scrolling smooth. The first call waits for a frame too: the
 * callbacks read layout, and run straight from the effect they would force a style and layout pass inside
 * hydration's commit, lengthening the page load's longest task.
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
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [enabled]);
}
