"use client";

import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";

/**
 * Shows an error toast when a server-rendered part of a page failed to load. The id keeps one toast per
 * failure however often React mounts the component.
 */
export function ErrorToast({ id, title, description }: { id: string; title: string; description: string }) {
  useEffect(() => {
    toast.error(title, { id, description });
  }, [id, title, description]);
  return null;
}

/** Renders the page again on the server: the "Try again" of a part that failed to load. */
export function RetryButton({ label = "Try again" }: { label?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button variant="outline" size="sm" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
      {pending ? "Retrying..." : label}
    </Button>
  );
}
