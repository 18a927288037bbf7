"use client";

import { useEffect, useState, type ReactNode } from "react";

import { TRY_OTTO_CONSENT_ID, TRY_OTTO_INPUT_ID } from "@/components/landing/try-otto/ids";
import type { CarriedTryOtto } from "@/components/landing/try-otto/try-otto-chat";
import { useEnhancement } from "@/components/landing/use-enhancement";
import { useLoadWhenNear } from "@/components/landing/use-load-when-near";

// The live demo's code (the conversation, the card components, the proof of work) loads on the first focus or
// click in the section, or as it comes near, never during the page load.
const loadChat = () => import("@/components/landing/try-otto/try-otto-chat").then((mod) => mod.TryOttoChat);

function carryOver(wrapper: HTMLElement | null): { carried: CarriedTryOtto } {
  const input = wrapper?.querySelector<HTMLInputElement>(`#${TRY_OTTO_INPUT_ID}`);
  const consent = wrapper?.querySelector<HTMLInputElement>(`#${TRY_OTTO_CONSENT_ID}`);
  const active = document.activeElement;
  return {
    carried: {
      message: input?.value ?? "",
      consent: consent?.checked ?? false,
      focusId: active instanceof HTMLElement && wrapper?.contains(active) ? active.id || undefined : undefined,
    },
  };
}

/**
 * The live demo section (anchor try-otto): in the built page, hidden, because the page is built once for every
 * server and only the server knows whether the demo is on (an AI key, TRY_OTTO, the owner's switch). As the
 * section comes near, it asks; when on, it shows its words and plain form while its place is still below the view,
 * and the scripted form takes the plain one's place on the first focus or click.
 */
export function TryOttoSection({ copy, children }: { copy: ReactNode; children: ReactNode }) {
  const [sentinel, near] = useLoadWhenNear<HTMLDivElement>("100% 0px");
  const [enabled, setEnabled] = useState(false);
  const [shown, setShown] = useState(false);
  const { ref, enhanced, want } = useEnhancement(loadChat, carryOver, "0px");

  useEffect(() => {
    if (!near) return;
    let live = true;
    fetch("/api/try-otto", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { enabled?: boolean } | null) => live && setEnabled(body?.enabled === true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [near]);

  // Shown only while its place is still below the view: nothing the visitor is reading moves. A visitor already past
  // it (a jump to a later section) is not given a section above them that would push the page down.
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || shown || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry && entry.boundingClientRect.top > (entry.rootBounds?.bottom ?? window.innerHeight)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, shown, sentinel]);

  return (
    <>
      <div ref={sentinel} aria-hidden="true" />
      <section
        id="try-otto"
        aria-labelledby="try-otto-heading"
        hidden={!(shown || (enabled && typeof IntersectionObserver === "undefined"))}
        className="border-t bg-background py-20 sm:py-24"
      >
        <div className="mx-auto grid max-w-3xl gap-8 px-6">
          {copy}
          <div ref={ref} onFocus={want} onClick={want}>
            {enhanced ? <enhanced.Component {...enhanced.props} /> : children}
          </div>
        </div>
      </section>
    </>
  );
}
