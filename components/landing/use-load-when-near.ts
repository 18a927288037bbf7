"use client";

import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * True once the element comes within `rootMargin` of the viewport or the browser is idle, whichever is
 * first: islands use it to fetch their code after the first paint instead of with the page.
 */
export function useLoadWhenNear<T extends Element>(rootMargin = "400px 0px"): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [load, setLoad] = useState(false);

  useEffect(() => {
    if (load) return;
    const element = ref.current;
    const start = () => setLoad(true);
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(start, { timeout: 3000 })
        : window.setTimeout(start, 1500);
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver !== "undefined") {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      }, { rootMargin });
      observer.observe(element);
    }
    return () => {
      observer?.disconnect();
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load, rootMargin]);

  return [ref, load];
}
