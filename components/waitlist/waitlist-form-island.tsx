"use client";

import type { ReactNode } from "react";

import { useEnhancement } from "@/components/landing/use-enhancement";
import type { CarriedEntries } from "@/components/waitlist/waitlist-form";

// The scripted form brings react-hook-form, zod, the Radix select and the toaster: it loads when the section
// comes near the viewport (or the visitor reaches the plain form first), never during the page load, so the
// landing page's first load stays light.
const loadForm = () => import("@/components/waitlist/waitlist-form").then((mod) => mod.WaitlistFormWithToaster);

/**
 * What the visitor has done in the plain form so far, for the scripted form to start from: its entries, the
 * field that has focus and the caret in it. Read just before the swap, so nothing typed is lost.
 */
function carryOver(wrapper: HTMLElement | null): { carried?: CarriedEntries } {
  const form = wrapper?.querySelector("form");
  if (!form) return {};
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && form.contains(active) ? active : null;
  const caret =
    focused instanceof HTMLInputElement && focused.type === "text"
      ? { start: focused.selectionStart, end: focused.selectionEnd }
      : undefined;
  return {
    carried: {
      entries: {
        name: text("name"),
        email: text("email"),
        businessType: text("businessType"),
        businessDescription: text("businessDescription"),
        employees: text("employees"),
        agreedToTerms: data.has("agreedToTerms"),
      },
      focusId: focused?.id || undefined,
      caret: caret && caret.start !== null && caret.end !== null ? { start: caret.start, end: caret.end } : undefined,
    },
  };
}

/**
 * The waiting list form: the plain form (`children`, in the built page) until the scripted one has loaded,
 * which then takes its place in one render, with the entries and focus the visitor had.
 */
export function WaitlistFormIsland({ children }: { children: ReactNode }) {
  const { ref, enhanced, want } = useEnhancement(loadForm, carryOver);
  return (
    <div ref={ref} onFocus={want}>
      {enhanced ? <enhanced.Component {...enhanced.props} /> : children}
    </div>
  );
}
