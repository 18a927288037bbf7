"use client";

import { startTransition, useEffect, useState, type ComponentType } from "react";

import { HeroDemoShell } from "@/components/landing/demos/hero-chrome";
import { whenIdle } from "@/components/landing/when-idle";

/**
 * The hero's auto-playing chat demo; fills the device frame that the hero draws. The server renders the empty
 * frame and the browser hydrates it as it is; the player loads after hydration, in its own chunk, and takes its
 * place. (next/dynamic with `ssr: false` would have the server bail out instead, and the browser would throw the
 * frame's server HTML away and build it again during hydration.)
 *
 * The chunk is fetched once the browser is idle after hydration, and the player renders in a transition, so
 * React can yield to input between its parts: starting the demo never holds the main thread in one long task.
 */
export function HeroDemo() {
  const [Player, setPlayer] = useState<ComponentType | null>(null);

  useEffect(() => {
    let mounted = true;
    const cancel = whenIdle(
      () =>
        void import("@/components/landing/demos/hero-demo-player").then((mod) => {
          if (mounted) startTransition(() => setPlayer(() => mod.HeroDemoPlayer));
        }),
      500,
    );
    return () => {
      mounted = false;
      cancel();
    };
  }, []);

  return Player ? <Player /> : <HeroDemoShell />;
}
