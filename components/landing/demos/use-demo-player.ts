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

/**
 * Keeps the last non-null value on screen for `exitMs` after it becomes null, so it can animate out.
 * `leaving` is true during that time.
 */
export function usePresence<T>(value: T | null, exitMs: number): { shown: T | null; leaving: boolean } {
  const [shown, setShown] = useState<T | null>(value);
  const [leaving, setLeaving] = useState(false);
  if (value !== null && value !== shown) {
    setShown(value);
    setLeaving(false);
  } else if (value === null && shown !== null && !leaving) {
    if (exitMs <= 0) setShown(null);
    else setLeaving(true);
  }
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      setShown(null);
      setLeaving(false);
    }, exitMs);
    return () => clearTimeout(timer);
  }, [leaving, exitMs]);
  return { shown, leaving };
}
