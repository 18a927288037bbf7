"use client";

import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * True once the element comes within `rootMargin` of the viewport: islands below the fold use it to fetch and
 * run their code only when a visitor scrolls towards them, never during the page load. Without
 * IntersectionObserver it is true at once.
 */
export function useLoadWhenNear<T extends HTMLElement>(rootMargin = "400px 0px"): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [load, setLoad] = useState(false);

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

  return [ref, load];
}
