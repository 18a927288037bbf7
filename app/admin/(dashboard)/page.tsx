import { Suspense } from "react";
import type { Metadata } from "next";

import { WaitlistEntries, WaitlistEntriesFallback } from "@/components/admin/waitlist-entries";

export const metadata: Metadata = { title: "Waitlist Entries" };

export default function WaitlistEntriesPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Waitlist Entries</h1>
        <p className="text-sm text-muted-foreground">Everyone who has joined the waiting list, newest first unless you sort otherwise.</p>
      </div>
      {/* The list reads its search, page and order from the URL on the client. */}
      <Suspense fallback={<WaitlistEntriesFallback />}>
        <WaitlistEntries />
      </Suspense>
    </div>
  );
}
