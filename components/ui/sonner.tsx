"use client";

import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Toasts as the spec sets them: one at a time, 5 s, swipe right to dismiss, F8 focuses them. */
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
