"use client";

import { useEffect } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";

/** A page of the admin area failed to render: say so beside the sidebar and offer to try again. */
export default function AdminPageError({ reset }: { error: Error; reset: () => void }) {
  useEffect(() => {
    toast.error("Something went wrong", {
      id: "admin-page-error",
      description: "This page could not be loaded. Please try again.",
    });
  }, []);
  return (
    <div role="alert" className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center">
      <p>This page could not be loaded. Please try again.</p>
      <Button variant="outline" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
