import * as React from "react";

import { cn } from "@/lib/utils";

/** A text input (its look is the `.input` class in globals.css) that shows its invalid state from `aria-invalid`. */
function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn("input", className)} {...props} />;
}

export { Input };
