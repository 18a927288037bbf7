"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Toasts as the spec sets them: one at a time, 5 s, swipe right to dismiss, F8 focuses them.
 * Two numbers of the spec are sonner's own and not settable: the swipe threshold is 45 px (not 50), and a
 * dismissed toast leaves the DOM after its 200 ms exit animation (the spec's 1,000,000 ms removal delay
 * comes from a toast library that kept dismissed toasts mounted; nothing visible depends on it).
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
