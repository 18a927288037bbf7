import type { FormEvent, ReactNode } from "react";

import { TRY_OTTO_CONSENT_ID, TRY_OTTO_INPUT_ID } from "@/components/landing/try-otto/ids";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TRY_OTTO_COPY } from "@/content/demo/try-otto";
import { TRY_OTTO_MAX_CHARS } from "@/lib/validation/try-otto";

const ERROR_ID = "try-otto-error";

/**
 * The live demo's form: the one-line consent (asked until given), the request and Ask. The same markup in the
 * built page and in the scripted version that takes its place on the first focus or click, so nothing moves.
 */
export function TryOttoForm({
  showConsent = true,
  consent = false,
  busy = false,
  disabled = false,
  error,
  message,
  onMessage,
  onConsent,
  onSubmit,
  footer,
}: {
  /** Asked until the first request goes: the visitor's words leave for the AI provider only once agreed. */
  showConsent?: boolean;
  consent?: boolean;
  busy?: boolean;
  disabled?: boolean;
  error?: string;
  message?: string;
  onMessage?: (value: string) => void;
  onConsent?: (value: boolean) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  footer?: ReactNode;
}) {
  const controlled = onMessage !== undefined;
  return (
    <form aria-label={TRY_OTTO_COPY.heading} className="grid gap-3" onSubmit={onSubmit} noValidate={controlled}>
      {showConsent ? (
        <label htmlFor={TRY_OTTO_CONSENT_ID} className="flex items-start gap-3 text-sm">
          <input
            id={TRY_OTTO_CONSENT_ID}
            name="consent"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...(controlled ? { checked: consent, onChange: (event) => onConsent?.(event.target.checked) } : {})}
          />
          <span>{TRY_OTTO_COPY.consent}</span>
        </label>
      ) : null}
      <label htmlFor={TRY_OTTO_INPUT_ID} className="text-sm font-medium">
        {TRY_OTTO_COPY.inputLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={TRY_OTTO_INPUT_ID}
          name="message"
          autoComplete="off"
          maxLength={TRY_OTTO_MAX_CHARS}
          placeholder={TRY_OTTO_COPY.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          className="h-11 flex-1"
          {...(controlled ? { value: message ?? "", onChange: (event) => onMessage(event.target.value) } : {})}
        />
        <Button type="submit" className="h-11" disabled={busy || disabled}>
          {busy ? TRY_OTTO_COPY.asking : TRY_OTTO_COPY.ask}
        </Button>
      </div>
      <p id={ERROR_ID} role="alert" className="min-h-5 text-sm text-destructive">
        {error}
      </p>
      {footer}
    </form>
  );
}

/** The form as the built page has it, before its script has loaded. */
export function TryOttoPlainForm() {
  return <TryOttoForm />;
}
