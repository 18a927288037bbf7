"use client";

import { useRef } from "react";

import { deviceTilt, driftOffset, heroLogoStyle, passProgress } from "@/components/landing/scroll-math";
import { usePrefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import { useScrollFrame } from "@/components/landing/use-scroll-frame";

function moveHeroLogo(element: HTMLElement) {
  const { scale, opacity } = heroLogoStyle(window.scrollY, window.innerHeight);
  element.style.transform = scale === 1 ? "" : `scale(${scale.toFixed(3)})`;
  element.style.opacity = opacity === 1 ? "" : opacity.toFixed(3);
}

function tiltDevice(element: HTMLElement) {
  const { rotateX, scale } = deviceTilt(element.parentElement?.getBoundingClientRect().top ?? 0, window.innerHeight);
  element.style.transform =
    rotateX === 0 && scale === 1 ? "none" : `rotateX(${rotateX.toFixed(2)}deg) scale(${scale.toFixed(4)})`;
}

function drift(group: HTMLElement) {
  const rect = group.getBoundingClientRect();
  if (rect.bottom < -200 || rect.top > window.innerHeight + 200) return;
  const progress = passProgress(rect.top, rect.height, window.innerHeight);
  for (const row of group.querySelectorAll<HTMLElement>("[data-drift]")) {
    const direction = Number(row.dataset.drift) || 0;
    const offset = driftOffset(progress, direction, row.scrollWidth, group.clientWidth);
    row.style.transform = `translate3d(${offset}px, 0, 0)`;
  }
}

/**
 * Moves the page's scroll-linked blocks (scroll-effects.tsx: the hero logo, the device frame, the integration rows)
 * once per frame, written straight to `element.style`: no animation library and no React render per frame. With
 * reduced motion the listeners never attach and the blocks keep their resting classes: no transform at all.
 */
export function ScrollEffects() {
  const reduced = usePrefersReducedMotion();
  // The blocks are server markup that React never renders again: found once, on the first frame.
  const blocks = useRef<{ logos: HTMLElement[]; devices: HTMLElement[]; groups: HTMLElement[] } | null>(null);
  useScrollFrame(() => {
    const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];
    blocks.current ??= {
      logos: all("[data-hero-logo]"),
      devices: all("[data-device-tilt]"),
      groups: all("[data-drift-group]"),
    };
    blocks.current.logos.forEach(moveHeroLogo);
    blocks.current.devices.forEach(tiltDevice);
    blocks.current.groups.forEach(drift);
  }, !reduced);

  return null;
}
