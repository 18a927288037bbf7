import * as React from "react";

import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** The props that tie a control to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}

/**
 * A labelled control with an optional hint and an error message. The message region is always
 * rendered and polite-live, so screen readers announce errors as they appear.
 */
function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    // min-w-0: a long value (a chosen option's label) truncates inside its column instead of widening it.
    <div data-slot="form-field" className={cn("grid min-w-0 grid-cols-1 gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": hint ? `${hintId} ${errorId}` : errorId,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}

export { FormField };
