"use client";

import { useCallback, useEffect, useRef, useState, type FocusEvent, type RefObject } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * True once the element comes within `rootMargin` of the viewport: islands below the fold use it to fetch and
 * run their code only when a visitor scrolls towards them, never during the page load. Without
 * IntersectionObserver it is true at once.
 *
 * Keyboard visitors do not scroll first: `onFocus` (for the island's wrapper, whose placeholder holds a
 * focusable stand-in) loads the island at once and, when its first control appears, moves focus there, so the
 * Tab order reaches every section on the first pass.
 */
export function useLoadWhenNear<T extends HTMLElement>(
  rootMargin = "400px 0px",
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
      first.focus();
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
      if (load || (event.target as HTMLElement).dataset.islandStandIn === undefined) return;
      focusPending.current = true;
      setLoad(true);
    },
    [load],
  );

  return [ref, load, { onFocus }];
}
