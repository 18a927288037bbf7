"use client";

import { useEffect, useState, type ComponentType } from "react";

import { HeroDemoShell } from "./hero-chrome";

/**
 * The hero's auto-playing chat demo; fills the device frame that the hero draws. The server renders the empty
 * frame and the browser hydrates it as it is; the player loads after hydration, in its own chunk, and takes its
 * place. (next/dynamic with `ssr: false` would have the server bail out instead, and the browser would throw the
 * frame's server HTML away and build it again during hydration.)
 */
export function HeroDemo() {
  const [Player, setPlayer] = useState<ComponentType | null>(null);

  useEffect(() => {
    let mounted = true;
    void import("./hero-demo-player").then((mod) => {
      if (mounted) setPlayer(() => mod.HeroDemoPlayer);
    });
    return () => {
      mounted = false;
    };
  }, []);

  return Player ? <Player /> : <HeroDemoShell />;
}
