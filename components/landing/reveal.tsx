"use client";

import { useEffect, useRef, useState } from "react";


import { cx } from "./class-names";
import { REVEAL_MIN_RATIO, REVEAL_ROOT_MARGIN, revealThresholds } from "./scroll-math";

const delays = {
  0: "",
  1: "motion-safe:delay-100",
  2: "motion-safe:delay-200",
  3: "motion-safe:delay-300",
} as const;

interface RevealProps {
  children: React.ReactNode;
  className?: string;
  /** Stagger step: 0 to 3, each 100 ms. */
  delay?: keyof typeof delays;
}

/**
 * Fades and lifts its content in once it scrolls into view (spec thresholds 0.05 to 0.5, 5% margin).
 * The hidden state exists only under `motion-safe`, so with reduced motion the content is simply there:
 * no transform, full opacity, from the first paint.
 */
export function Reveal({ children, className, delay = 0 }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      const frame = requestAnimationFrame(() => setRevealed(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= REVEAL_MIN_RATIO)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold: revealThresholds(), rootMargin: REVEAL_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      data-reveal=""
      data-revealed={revealed ? "true" : "false"}
      className={cx(
        "motion-safe:transition-[opacity,translate] motion-safe:duration-700 motion-safe:ease-out",
        "motion-safe:data-[revealed=false]:translate-y-6 motion-safe:data-[revealed=false]:opacity-0",
        delays[delay],
        className,
      )}
    >
      {children}
    </div>
  );
}
