"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

import { DemoPlayer, type DemoSnapshot } from "@/lib/demo/player";

/** One demo player for the component's lifetime, with its snapshot as React state. */
export function useDemoPlayer<TCard, TPanel>(initial?: () => DemoSnapshot<TCard, TPanel>) {
  const [player] = useState(() => new DemoPlayer<TCard, TPanel>({ initial: initial?.() }));
  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot);
  useEffect(() => () => player.stop(), [player]);
  return { player, snapshot };
}
