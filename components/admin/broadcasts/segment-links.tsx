import Link from "next/link";

import { SaveSegment } from "@/components/admin/broadcasts/save-segment";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { listSegments } from "@/lib/data/segments";
import {
  DEFAULT_WAITLIST_SORT,
  isFiltered,
  waitlistFilterOf,
  waitlistViewSearch,
  type WaitlistViewState,
} from "@/lib/validation/waitlist-query";

/**
 * The saved segments above the list: choosing one sets the list's filters to it, so the export and "Invite
 * the next…", which follow the list's filters, take it too. With filters set, a role that may save segments
 * can name them.
 */
export async function SegmentLinks({ view }: { view: WaitlistViewState }) {
  const admin = await requireCurrentAdmin();
  const segments = await listSegments(admin).catch(() => []);
  const current = waitlistViewSearch({ ...view, page: 1 });
  const usable = segments.filter((segment) => segment.filter);
  return (
    <div className="grid gap-2">
      {usable.length > 0 && (
        <nav aria-label="Segments" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Segments:</span>
          {usable.map((segment) => {
            const search = waitlistViewSearch({
              ...segment.filter!,
              page: 1,
              sort: view.sort ?? DEFAULT_WAITLIST_SORT,
            });
            return (
              <Link
                key={segment.id}
                href={`/admin${search ? `?${search}` : ""}`}
                aria-current={search === current ? "true" : undefined}
                className="rounded-full border px-3 py-1 font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground"
              >
                {segment.name}
              </Link>
            );
          })}
        </nav>
      )}
      {isFiltered(view) && roleCan(admin.role, "segments") && <SaveSegment filter={waitlistFilterOf(view)} />}
    </div>
  );
}
