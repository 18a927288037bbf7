"use client";

import { CircleAlert, CircleCheck, LoaderCircle, PlugZap } from "lucide-react";
import { useEffect, useRef } from "react";

import { useConnectionTest } from "@/components/api-test/use-connection-test";
import { Button } from "@/components/ui/button";

/** The 'Test OpenAI Connection' button and its result, announced to screen readers as it arrives. */
export function ConnectionTest() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { run, isPending, result } = useConnectionTest();

  // A button that becomes disabled drops keyboard focus to the page; once it is enabled again, give the
  // focus back (unless the user has moved on) so the test can be run again from the keyboard.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !isPending) {
      const active = document.activeElement;
      if (!active || active === document.body) buttonRef.current?.focus();
    }
    wasPending.current = isPending;
  }, [isPending]);

  return (
    <div className="flex flex-col gap-6">
      <Button ref={buttonRef} size="lg" onClick={run} disabled={isPending} className="w-full sm:w-auto sm:self-start">
        {isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <PlugZap aria-hidden="true" />}
        {isPending ? "Testing..." : "Test OpenAI Connection"}
      </Button>

      {/* Always rendered, so screen readers announce what appears in it. */}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="connection-test-result">
        {isPending ? (
          <p className="text-sm text-muted-foreground">Contacting the AI provider. This takes a few seconds at most.</p>
        ) : result?.ok ? (
          <div className="rounded-lg border border-success/30 bg-success/5 p-4">
            <p className="flex items-start gap-2 font-medium text-success">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{result.message}</span>
            </p>
            {result.response ? (
              <figure className="mt-3 pl-7">
                <figcaption className="text-sm text-muted-foreground">The model replied:</figcaption>
                <blockquote className="mt-1 border-l-2 border-border pl-3 text-foreground">
                  {result.response}
                </blockquote>
              </figure>
            ) : null}
          </div>
        ) : result ? (
          <div className="rounded-lg border border-destructive/30 bg-destructive/5 p-4">
            <p className="flex items-start gap-2 font-medium text-destructive">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>{result.message}</span>
            </p>
            <p className="mt-2 pl-7 text-sm text-foreground">{result.error}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No test run yet.</p>
        )}
      </div>
    </div>
  );
}
