import type { Metadata } from "next";

import { PageHeader } from "@/components/admin/kit/page-header";
import { WaitlistEntries } from "@/components/admin/waitlist/waitlist-entries";
import { readWaitlistViewState, refusedWaitlistFilters } from "@/lib/validation/waitlist-query";

export const metadata: Metadata = { title: "Waitlist Entries" };

export default async function WaitlistEntriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  // A repeated parameter counts once, as its last value, like the API's.
  const param = { get: (name: string) => [params[name] ?? []].flat().at(-1) ?? null };
  const view = readWaitlistViewState(param);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Waitlist Entries"
        description="Everyone who has joined the waiting list, newest first unless you sort otherwise."
      />
      <WaitlistEntries view={view} refused={refusedWaitlistFilters(param)} />
    </div>
  );
}
