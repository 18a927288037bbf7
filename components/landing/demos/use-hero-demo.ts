"use client";

import { useCallback, useEffect, useMemo, useState, type RefObject } from "react";

import { useDemoPlayer } from "@/components/landing/demos/use-demo-player";
import { usePrefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import { HERO_TIMINGS, heroScripts } from "@/content/demo/hero-scripts";
import type { ChatDemoScript, DemoCard, DemoDocument } from "@/content/demo/types";
import { finishedSnapshot, pickScript, withoutTrailingClear, type DemoLoop } from "@/lib/demo/player";

export interface HeroDemoOptions {
  scripts?: readonly ChatDemoScript[];
  /** The random source for picking scripts (injected by tests). */
  random?: () => number;
}

/**
 * The hero demo's behaviour: auto-play 1 s after mount, loop through random scripts, pause while
 * off-screen, while the tab is hidden or when the visitor asks; with reduced motion, no auto-play.
 */
export function useHeroDemo(rootRef: RefObject<HTMLElement | null>, options: HeroDemoOptions = {}) {
  // Read once: the scripts and the random source are fixed for the component's life.
  const [config] = useState(() => ({ scripts: options.scripts ?? heroScripts, random: options.random ?? Math.random }));
  const reducedMotion = usePrefersReducedMotion();
  const { player, snapshot } = useDemoPlayer<DemoCard, DemoDocument>();

  const scripts = useCallback(() => config.scripts, [config]);
  const pick = useCallback(() => pickScript(config.scripts, config.random), [config]);
  const loop = useMemo<DemoLoop<DemoCard, DemoDocument>>(
    () => ({ pickDelay: HERO_TIMINGS.pickAfterClear, startDelay: HERO_TIMINGS.startAfterPick, next: () => pick() }),
    [pick],
  );

  useEffect(() => {
    if (reducedMotion) {
      const first = scripts()[0];
      // The whole conversation at once, with the list or document its last answer promised.
      if (first) player.stop(finishedSnapshot(first, { keepOpen: true }));
      return;
    }
    player.play(pick(), { startDelay: HERO_TIMINGS.startAfterMount, loop });
    return () => player.stop();
  }, [player, reducedMotion, pick, loop, scripts]);

  useEffect(() => {
    const update = () => (document.hidden ? player.hold("hidden") : player.release("hidden"));
    update();
    document.addEventListener("visibilitychange", update);
    return () => {
      document.removeEventListener("visibilitychange", update);
      player.release("hidden");
    };
  }, [player]);

  useEffect(() => {
    const element = rootRef.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // "In view" is the viewport itself: a frame scrolled out of sight pauses (WCAG 2.2.2), rather than playing on
    // unseen while it sits up to a margin below the fold.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (!entry) return;
        if (entry.isIntersecting) player.release("offscreen");
        else player.hold("offscreen");
      },
      { rootMargin: "0px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      player.release("offscreen");
    };
  }, [player, rootRef]);

  /** Plays from the top on request: the current script again, or a random one if none is loaded. */
  const playOnRequest = useCallback(() => {
    player.release("user");
    const current = scripts().find((script) => script.id === player.getSnapshot().scriptId) ?? pick();
    if (reducedMotion) {
      player.play(withoutTrailingClear(current), { firstStepDelay: HERO_TIMINGS.firstMessageOnRequest });
    } else {
      player.play(current, { firstStepDelay: HERO_TIMINGS.firstMessageOnRequest, loop });
    }
  }, [player, scripts, pick, reducedMotion, loop]);

  const running = snapshot.status === "running";
  const userPaused = snapshot.holds.includes("user");

  /** The visible pause/play control (WCAG 2.2.2). */
  const togglePause = useCallback(() => {
    if (!running) playOnRequest();
    else if (player.isHeldBy("user")) player.release("user");
    else player.hold("user");
  }, [running, playOnRequest, player]);

  /** Enter in the text box: nothing visible, except starting a demo when none is running. */
  const submit = useCallback(() => {
    if (!running) playOnRequest();
  }, [running, playOnRequest]);

  const close = useCallback((target: "card" | "panel") => player.close(target), [player]);

  return { snapshot, reducedMotion, running, userPaused, restart: playOnRequest, togglePause, submit, close };
}
