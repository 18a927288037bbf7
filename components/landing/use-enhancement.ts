"use client";

import { useCallback, useEffect, useEffectEvent, useState, type ComponentType } from "react";
import { flushSync } from "react-dom";

import { useLoadWhenNear } from "@/components/landing/use-load-when-near";

interface Enhanced<P> {
  Component: ComponentType<P>;
  props: P;
}

/**
 * An island that is real HTML first (a plain form, a demo's first screen, rendered on the server) and whose
 * scripted version loads on demand: when the island comes within `rootMargin` of the viewport, or as soon as
 * the visitor reaches it (`want`, for its focus and click handlers), never during the page load.
 *
 * `carry` reads what the visitor has done in the HTML version (entries, the control with focus, a choice)
 * into the scripted version's props. It runs in the same task as the swap, so a key pressed in between
 * cannot be lost, and the HTML stays in place, focusable, until the scripted version is ready. A download
 * that fails leaves the HTML version, which works on its own.
 */
export function useEnhancement<P>(
  load: () => Promise<ComponentType<P>>,
  carry: (wrapper: HTMLElement | null) => P,
  rootMargin = "600px 0px",
) {
  const [ref, near] = useLoadWhenNear<HTMLDivElement>(rootMargin);
  const [wanted, setWanted] = useState(false);
  const [enhanced, setEnhanced] = useState<Enhanced<P> | null>(null);
  const readCarried = useEffectEvent(() => carry(ref.current));

  useEffect(() => {
    if (!(near || wanted) || enhanced) return;
    let live = true;
    load()
      .then((Component) => {
        if (live) flushSync(() => setEnhanced({ Component, props: readCarried() }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [near, wanted, enhanced, load]);

  const want = useCallback(() => setWanted(true), []);
  return { ref, enhanced, want: enhanced || wanted ? undefined : want };
}
