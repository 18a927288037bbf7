"use client";

import { useEffect } from "react";

import { renderDeferredSections } from "@/components/landing/deferred-render";
import { prefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";

/**
 * Makes every same-page link (`href="#id"`) scroll smoothly to its section, leave the 80 px header gap (from
 * `scroll-padding-top`), update the address with the hash and move keyboard focus to the section. Sections still
 * deferred (deferred-render.tsx) are rendered first, so the target's position is exact.
 * One delegated listener covers links in server components too. With reduced motion the jump is instant.
 */
export function useSmoothAnchors(onNavigate?: (id: string) => void): void {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href^='#']");
      if (!(link instanceof HTMLAnchorElement)) return;
      const id = decodeURIComponent(link.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;

      event.preventDefault();
      renderDeferredSections();
      target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      if (window.location.hash !== `#${id}`) window.history.pushState(null, "", `#${id}`);

      // Start the next Tab from the section, as a native jump would.
      if (!target.hasAttribute("tabindex")) {
        target.setAttribute("tabindex", "-1");
        target.style.outline = "none";
      }
      target.focus({ preventScroll: true });
      onNavigate?.(id);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [onNavigate]);
}
