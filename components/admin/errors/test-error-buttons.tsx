"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";
import { TEST_BROWSER_ERROR } from "@/lib/validation/errors";

/**
 * Two ways to see that errors are recorded: a server route that throws, and an error thrown in this page (which
 * the admin area reports like any other). Each shows here a moment later.
 */
export function TestErrorButtons() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const later = () => setTimeout(() => router.refresh(), 1_500);

  async function serverError() {
    setPending(true);
    try {
      await adminApi.errors.test();
    } catch {
      // The 500 is the point: the route threw, and the error is being recorded.
    } finally {
      setPending(false);
    }
    toast.success("Test server error thrown", { description: "It shows in the list in a moment." });
    later();
  }

  function browserError() {
    // Thrown outside React's handlers, as an uncaught error in a page is.
    setTimeout(() => {
      throw new Error(TEST_BROWSER_ERROR);
    });
    toast.success("Test browser error thrown", { description: "It shows in the list in a moment." });
    later();
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={pending} onClick={() => void serverError()}>
        {pending ? "Throwing..." : "Throw a test server error"}
      </Button>
      <Button variant="outline" onClick={browserError}>
        Throw a test browser error
      </Button>
      <Button variant="outline" asChild>
        <Link href="/admin/errors/test-page" prefetch={false}>
          Open a page that fails
        </Link>
      </Button>
    </div>
  );
}
