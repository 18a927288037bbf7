"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";

import { Icon } from "@/components/icons/icon";
import { useEnhancement } from "@/components/landing/use-enhancement";
import { useLoadWhenNear } from "@/components/landing/use-load-when-near";
import { WaitlistCountLine } from "@/components/waitlist/waitlist-count-line";
import type { CarriedEntries } from "@/components/waitlist/waitlist-form";

// The count needs react-query: it loads, and asks for the count, when the section comes near the viewport, as
// the form does. Until then the line reads "Many businesses ...", as it does while the count loads.
const WaitlistCount = dynamic(
  () => import("@/components/waitlist/waitlist-count").then((mod) => mod.WaitlistCountWithQuery),
  { ssr: false, loading: () => <WaitlistCountLine /> },
);

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
 * The waiting list section's two scripted parts, the count and the form, as one island (one client component the
 * page hydrates rather than two): `pitch` (the heading, intro and bullets) and `children` (the plain form, working
 * without scripts) stay server markup passed through. The count loads as the section comes near; the form is the
 * plain form until the scripted one has loaded, which then takes its place in one render, with the entries and
 * focus the visitor had.
 */
export function WaitlistIsland({ pitch, children }: { pitch: ReactNode; children: ReactNode }) {
  const [countRef, loadCount] = useLoadWhenNear<HTMLDivElement>("600px 0px");
  const { ref, enhanced, want } = useEnhancement(loadForm, carryOver);
  return (
    // The padding sits inside the max width, as in every other section, so the content lines up with theirs.
    <div className="mx-auto grid max-w-6xl items-start gap-12 px-6 lg:grid-cols-[1fr_minmax(0,32rem)]">
      <div className="grid gap-6">
        {pitch}
        <div className="flex items-center gap-3 rounded-lg border bg-background px-4 py-3 text-sm font-medium">
          <Icon name="users" className="size-5 shrink-0 text-primary" />
          <div ref={countRef}>{loadCount ? <WaitlistCount /> : <WaitlistCountLine />}</div>
        </div>
      </div>
      <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <div ref={ref} onFocus={want}>
          {enhanced ? <enhanced.Component {...enhanced.props} /> : children}
        </div>
      </div>
    </div>
  );
}
