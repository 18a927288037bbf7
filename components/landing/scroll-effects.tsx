"use client";

import { useRef } from "react";

import { cx } from "@/components/landing/class-names";
import { deviceTilt, driftOffset, heroLogoStyle, passProgress } from "@/components/landing/scroll-math";
import { usePrefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import { useScrollFrame } from "@/components/landing/use-scroll-frame";

/*
 * Scroll-linked motion, written straight to `element.style` once per frame: no animation library, no React
 * re-render per frame, and nothing in the server HTML's style attributes (the CSP allows none). With reduced motion
 * the listeners never attach and the resting classes apply: no transform at all.
 */

interface EffectProps {
  children: React.ReactNode;
  className?: string;
}

/** The hero logo: scales down and fades as the page scrolls. */
export function HeroLogoMotion({ children, className }: EffectProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reduced = usePrefersReducedMotion();
  useScrollFrame(() => {
    const element = ref.current;
    if (!element) return;
    const { scale, opacity } = heroLogoStyle(window.scrollY, window.innerHeight);
    element.style.transform = scale === 1 ? "" : `scale(${scale.toFixed(3)})`;
    element.style.opacity = opacity === 1 ? "" : opacity.toFixed(3);
  }, !reduced);

  return (
    <div ref={ref} data-hero-logo="" className={cx("origin-top will-change-[transform,opacity]", className)}>
      {children}
    </div>
  );
}

/** The device frame around the hero demo: tilted back at first, upright as it scrolls up into view. */
export function DeviceTilt({ children, className }: EffectProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reduced = usePrefersReducedMotion();
  useScrollFrame(() => {
    const element = ref.current;
    if (!element) return;
    const { rotateX, scale } = deviceTilt(element.parentElement?.getBoundingClientRect().top ?? 0, window.innerHeight);
    element.style.transform =
      rotateX === 0 && scale === 1 ? "none" : `rotateX(${rotateX.toFixed(2)}deg) scale(${scale.toFixed(4)})`;
  }, !reduced);

  return (
    <div className="[perspective:1400px]">
      <div
        ref={ref}
        data-device-tilt=""
        className={cx(
          "origin-top [transform:rotateX(24deg)_scale(0.94)] motion-reduce:[transform:none]",
          "will-change-transform",
          className,
        )}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * Moves each child marked `data-drift="1"` or `data-drift="-1"` sideways as the group passes through the
 * viewport; alternate rows travel in opposite directions.
 */
export function DriftGroup({ children, className }: EffectProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reduced = usePrefersReducedMotion();
  useScrollFrame(() => {
    const group = ref.current;
    if (!group) return;
    const rect = group.getBoundingClientRect();
    if (rect.bottom < -200 || rect.top > window.innerHeight + 200) return;
    const progress = passProgress(rect.top, rect.height, window.innerHeight);
    for (const row of group.querySelectorAll<HTMLElement>("[data-drift]")) {
      const direction = Number(row.dataset.drift) || 0;
      const offset = driftOffset(progress, direction, row.scrollWidth, group.clientWidth);
      row.style.transform = `translate3d(${offset}px, 0, 0)`;
    }
  }, !reduced);

  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
