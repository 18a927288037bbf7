"use client";

import dynamic from "next/dynamic";

import { IslandStandIn } from "@/components/landing/island-stand-in";
import { useLoadWhenNear } from "@/components/landing/use-load-when-near";

// The form brings react-hook-form, zod, the Radix select and the toaster: it loads when the section comes near the
// viewport, never during the page load, so the landing page's first load stays light.
const loadForm = () => import("@/components/waitlist/waitlist-form");
const WaitlistForm = dynamic(() => loadForm().then((mod) => mod.WaitlistFormWithToaster), {
  ssr: false,
  loading: () => <WaitlistFormPlaceholder standIn={false} />,
});

/** The form's outline while its code loads, the same size so nothing shifts, with a stand-in for keyboard visitors. */
function WaitlistFormPlaceholder({ standIn = true }: { standIn?: boolean }) {
  return (
    <div className="relative grid gap-5">
      {standIn ? <IslandStandIn label="Load the waiting list form" /> : null}
      {[0, 1].map((row) => (
        <div key={row} className="grid gap-2">
          <div className="h-4 w-28 rounded bg-muted" />
          <div className="h-10 rounded-md border bg-background" />
        </div>
      ))}
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1].map((column) => (
          <div key={column} className="grid gap-2">
            <div className="h-4 w-32 rounded bg-muted" />
            <div className="h-10 rounded-md border bg-background" />
          </div>
        ))}
      </div>
      <div className="h-10 rounded bg-muted/70" />
      <div className="h-11 rounded-md bg-primary/80" />
    </div>
  );
}

/** The waiting list form as a lazy island. */
export function WaitlistFormIsland() {
  const [ref, load, focusHandlers] = useLoadWhenNear<HTMLDivElement>("600px 0px", loadForm);
  return (
    <div ref={ref} {...focusHandlers}>
      {load ? <WaitlistForm /> : <WaitlistFormPlaceholder />}
    </div>
  );
}
