"use client";

import { useRef, type MouseEvent, type ReactNode } from "react";

import type { CarriedDemo } from "@/components/landing/demos/chat-experience-demo";
import type { DemoMode } from "@/components/landing/demos/demo-modes";
import { questionOfFocusKey } from "@/components/landing/demos/focus-keys";
import { useEnhancement } from "@/components/landing/use-enhancement";

// Loaded when the section comes within a viewport's height of the screen, or when the visitor reaches the
// built page's version of the demo first, never during the page load.
const loadDemo = () => import("@/components/landing/demos/chat-experience-demo").then((mod) => mod.ChatExperienceDemo);

/** The chosen mode and the focused control of the built page's demo, read just before the swap. */
function carryOver(wrapper: HTMLElement | null, asked: string | undefined): { carried: CarriedDemo } {
  const checked = wrapper?.querySelector<HTMLInputElement>('input[name="demo-mode"]:checked');
  const active = document.activeElement;
  const focus = active instanceof HTMLElement && wrapper?.contains(active) ? active.dataset.carryFocus : undefined;
  return { carried: { mode: (checked?.value as DemoMode | undefined) ?? "text", focus, ask: asked } };
}

/**
 * The chat demo: the built page's version (`children`) until the scripted demo has loaded, which then takes
 * its place in one render, with the visitor's mode, focus and any question already pressed.
 */
export function ChatExperienceIsland({ children }: { children: ReactNode }) {
  const asked = useRef<string | undefined>(undefined);
  const { ref, enhanced, want } = useEnhancement(loadDemo, (wrapper) => carryOver(wrapper, asked.current), "100% 0px");

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const question = questionOfFocusKey(
      (event.target as HTMLElement).closest<HTMLElement>("[data-carry-focus]")?.dataset.carryFocus,
    );
    if (question) asked.current = question;
    want?.();
  };

  return (
    <div ref={ref} className="w-full min-w-0" onFocus={want} onClick={enhanced ? undefined : onClick}>
      {enhanced ? <enhanced.Component {...enhanced.props} /> : children}
    </div>
  );
}
