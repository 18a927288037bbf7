import type { Metadata } from "next";

import { WaitlistEntries } from "@/components/admin/waitlist-entries";
import { readWaitlistViewState } from "@/lib/validation/waitlist-query";

export const metadata: Metadata = { title: "Waitlist Entries" };

export default async function WaitlistEntriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // A repeated parameter counts once, as its last value, like the API's.
  const view = readWaitlistViewState({ get: (name) => [params[name] ?? []].flat().at(-1) ?? null });
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Waitlist Entries</h1>
        <p className="text-sm text-muted-foreground">Everyone who has joined the waiting list, newest first unless you sort otherwise.</p>
      </div>
      <WaitlistEntries view={view} />
    </div>
  );
}
