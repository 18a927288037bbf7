"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Toasts one at a time, so messages never pile up over the page; each stays five seconds, long enough to
 * read a sentence, goes with a swipe to the right, and F8 moves keyboard focus to it.
 * Two behaviours are sonner's own and not settable: a swipe dismisses from 45 px, and a dismissed toast
 * leaves the DOM after its 200 ms exit animation (nothing visible depends on how long a dismissed toast
 * stays mounted).
 */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      hotkey={["F8"]}
      swipeDirections={["right"]}
      position="bottom-right"
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: {
          toast: "bg-popover text-popover-foreground border-border shadow-lg",
          description: "!text-muted-foreground",
        },
      }}
      {...props}
    />
  );
}

export { Toaster };
