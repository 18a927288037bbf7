"use client";

import { useCallback, useEffect, useRef, useState, type FocusEvent, type RefObject } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * True once the element comes within `rootMargin` of the viewport: islands below the fold use it to fetch and
 * run their code only when a visitor scrolls towards them, never during the page load. Without
 * IntersectionObserver it is true at once.
 *
 * Keyboard visitors do not scroll first: `onFocus` (for the island's wrapper, whose placeholder holds a
 * focusable stand-in) fetches the island's code (`preload`, the same import its next/dynamic uses), shows it,
 * and moves focus to its first control, so the Tab order reaches every section on the first pass.
 */
export function useLoadWhenNear<T extends HTMLElement>(
  rootMargin = "400px 0px",
  preload?: () => Promise<unknown>,
): [RefObject<T | null>, boolean, { onFocus: (event: FocusEvent<T>) => void }] {
  const ref = useRef<T>(null);
  const [load, setLoad] = useState(false);
  const focusPending = useRef(false);

  useEffect(() => {
    if (load) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setLoad(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLoad(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, rootMargin]);

  // Once loaded after a focus on the stand-in, hand focus to the island's first control as soon as it renders.
  useEffect(() => {
    const element = ref.current;
    if (!load || !element || !focusPending.current) return;
    const handOver = () => {
      const first = element.querySelector<HTMLElement>(FOCUSABLE);
      if (!first || first.dataset.islandStandIn !== undefined) return false;
      focusPending.current = false;
      // Only if the visitor is still here: someone who tabbed on meanwhile keeps their place.
      const current = document.activeElement;
      if (!current || current === document.body || element.contains(current)) first.focus();
      return true;
    };
    if (handOver()) return;
    const observer = new MutationObserver(() => {
      if (handOver()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [load]);

  const onFocus = useCallback(
    (event: FocusEvent<T>) => {
      if (load || focusPending.current || (event.target as HTMLElement).dataset.islandStandIn === undefined) return;
      focusPending.current = true;
      // The stand-in keeps focus while the island's code arrives, then the island replaces it in one render.
      const ready = preload ? preload().catch(() => undefined) : Promise.resolve();
      void ready.then(() => setLoad(true));
    },
    [load, preload],
  );

  return [ref, load, { onFocus }];
}
