"use client";

import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";

/**
 * The person's step on a link from an email (confirming a place, accepting an invitation). Opening such a
 * link changes nothing, because mail scanners open links too; this form's POST does. With scripts it sends
 * itself once as the page loads, so a person has nothing more to do; without them, its button does the same.
 */
export function LinkStepForm({ action, label, busyLabel }: { action: string; label: string; busyLabel: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Once: React runs effects twice in development, and a second post would read "already done".
    if (!sent.current) formRef.current?.requestSubmit();
  }, []);

  useEffect(() => {
    // Back on this page from the browser's page cache: the button works again.
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sent.current = false;
      setBusy(false);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      className="mt-4"
      onSubmit={(event) => {
        if (sent.current) return event.preventDefault();
        sent.current = true;
        setBusy(true);
      }}
    >
      <Button type="submit" size="lg" aria-disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </Button>
    </form>
  );
}
