"use client";

import dynamic from "next/dynamic";

import { HeroDemoShell } from "./hero-chrome";

// The player loads after hydration in its own chunk, so it never delays the first paint.
const HeroDemoPlayer = dynamic(() => import("./hero-demo-player").then((mod) => mod.HeroDemoPlayer), {
  ssr: false,
  loading: () => <HeroDemoShell />,
});

/** The hero's auto-playing chat demo; fills the device frame that the hero draws. */
export function HeroDemo() {
  return <HeroDemoPlayer />;
}
