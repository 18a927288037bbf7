import { Loader2Icon } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { cache, Suspense } from "react";

import { SegmentLinks } from "@/components/admin/broadcasts/segment-links";
import { lastPageOf, Pagination } from "@/components/admin/kit/pagination";
import { ErrorToast, RetryButton } from "@/components/admin/kit/server-states";
import { ColumnChooser } from "@/components/admin/waitlist/column-chooser";
import { WaitlistExportButton } from "@/components/admin/waitlist/waitlist-export-button";
import { WaitlistFilters } from "@/components/admin/waitlist/waitlist-search-box";
import { SelectionBar, WaitlistSelection } from "@/components/admin/waitlist/waitlist-selection";
import { WaitlistTable } from "@/components/admin/waitlist/waitlist-table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan, type AdminRole } from "@/lib/auth/roles";
import { getHiddenListColumns } from "@/lib/data/list-columns";
import { knownSources } from "@/lib/data/overview";
import { visibleListColumns, type WaitlistColumnKey } from "@/lib/data/waitlist/columns";
import { listWaitlistEntries, type AdminWaitlistPage } from "@/lib/data/waitlist/list";
import { knownTags } from "@/lib/data/waitlist/tags";
import { formatNumber } from "@/lib/format";
import {
  DEFAULT_WAITLIST_PAGE_SIZE,
  isFiltered,
  readWaitlistViewState,
  waitlistViewKey,
  waitlistViewSearch,
  type WaitlistViewState,
} from "@/lib/validation/waitlist-query";

type Loaded = { page: AdminWaitlistPage; failed?: never } | { page?: never; failed: true };

/**
 * One page of the list for a view, read once per request however many parts of the page show it (the
 * export button and the table). A failure is returned, not thrown, so each part can show its error state.
 */
const loadPage = cache(async (search: string): Promise<Loaded> => {
  const admin = await requireCurrentAdmin();
  const view = readWaitlistViewState(new URLSearchParams(search));
  try {
    return { page: await listWaitlistEntries(admin, { ...view, pageSize: DEFAULT_WAITLIST_PAGE_SIZE }) };
  } catch (error) {
    console.error("[admin] the waitlist could not be read:", error);
    return { failed: true };
  }
});

function summary(data: AdminWaitlistPage, filtered: boolean): string {
  const noun = filtered ? "matching entries" : "entries";
  if (data.entries.length === 0) return "";
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.entries.length - 1;
  const of = data.totalIsExact ? formatNumber(data.total) : `more than ${formatNumber(data.total)}`;
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${of} ${noun}`;
}

/** The sources signups have come from, for the source filter; none if they cannot be read (the field still takes any). */
async function loadKnownSources(): Promise<string[]> {
  const admin = await requireCurrentAdmin();
  return knownSources(admin).catch((error: unknown) => {
    console.error("[admin] the known sources could not be read:", error);
    return [];
  });
}

/** The tags in use, for the tag filters; none if they cannot be read (the fields still take any). */
async function loadKnownTags(): Promise<string[]> {
  const admin = await requireCurrentAdmin();
  return knownTags(admin).catch((error: unknown) => {
    console.error("[admin] the tags in use could not be read:", error);
    return [];
  });
}

/**
 * Whether the signed-in admin can act on ticked rows of this view (tag them; invite them; on the held list,
 * release or delete them). A viewer cannot, so their list has no checkboxes and no selection bar.
 */
function canActOnSelection(role: AdminRole, view: WaitlistViewState): boolean {
  if (roleCan(role, "tag")) return true;
  return view.held === "yes" ? roleCan(role, "release") || roleCan(role, "delete") : roleCan(role, "invite");
}

/** The columns the signed-in admin hid; none if their choice cannot be read (the list still shows). */
const loadHiddenColumns = cache(async (): Promise<WaitlistColumnKey[]> => {
  const admin = await requireCurrentAdmin();
  return getHiddenListColumns(admin).catch((error: unknown) => {
    console.error("[admin] the list's columns could not be read:", error);
    return [];
  });
});

async function WaitlistResults({ view }: { view: WaitlistViewState }) {
  const loaded = await loadPage(waitlistViewKey(view));
  const { role } = await requireCurrentAdmin();
  const hidden = await loadHiddenColumns();
  const columns = visibleListColumns(hidden);
  const selectable = canActOnSelection(role, view);
  if (!loaded.page) {
    return (
      <>
        <ErrorToast
          id="waitlist-fetch-error"
          title="Failed to fetch waitlist entries"
          description="Please try again."
        />
        <WaitlistTable
          entries={[]}
          view={view}
          columns={columns}
          message={{
            kind: "error",
            text: "Error loading waitlist entries. Please try again.",
            action: <RetryButton />,
          }}
        />
      </>
    );
  }
  const data = loaded.page;
  // A bookmarked page past the end (entries were removed since): go to the last page that exists.
  if (data.entries.length === 0 && data.total > 0 && view.page > 1) {
    redirect(
      `?${waitlistViewSearch({ ...view, page: lastPageOf(data.total, data.pageSize, data.totalIsExact) ?? 1 })}`,
    );
  }
  const empty = data.total === 0;
  const filtered = isFiltered(view);
  const showPages = data.total > data.pageSize || view.page > 1;
  const canExport = roleCan(role, "export");
  return (
    <>
      {/* One line: what is shown, the way back to the whole list, and what to do with it (columns, export). On an empty,
          unfiltered list it keeps its status for screen readers only, rather than leaving a blank gap above the
          selection bar. */}
      <div
        className={
          empty && !filtered && !canExport
            ? "sr-only"
            : "flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground"
        }
      >
        <p role="status" aria-live="polite" className={empty ? "sr-only" : undefined}>
          {summary(data, filtered)}
        </p>
        {filtered && <ClearFilters view={view} />}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {/* The phone's cards show a few fields of their own, whatever the table's columns. */}
          {!empty && (
            <div className="max-md:hidden">
              <ColumnChooser hidden={hidden} />
            </div>
          )}
          {canExport && <WaitlistExportButton view={view} empty={empty} />}
        </div>
      </div>
      <WaitlistSelection pageIds={data.entries.map((entry) => entry.id)}>
        {selectable && <SelectionBar view={view} total={data.total} totalIsExact={data.totalIsExact} />}
        <WaitlistTable
          entries={data.entries}
          view={view}
          columns={columns}
          selectable={selectable && !empty}
          message={
            empty
              ? { kind: "empty", text: filtered ? "No entries match your search" : "No waitlist entries found" }
              : undefined
          }
        />
      </WaitlistSelection>
      {showPages && (
        <Pagination
          page={view.page}
          lastPage={lastPageOf(data.total, data.pageSize, data.totalIsExact)}
          hrefFor={(page) => `?${waitlistViewSearch({ ...view, page })}`}
        />
      )}
    </>
  );
}

function ResultsLoading({ view, canExport }: { view: WaitlistViewState; canExport: boolean }) {
  return (
    <>
      <div className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <p role="status" aria-live="polite" className="flex items-center gap-2">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          Loading entries...
        </p>
        {canExport && (
          <div className="ml-auto">
            <WaitlistExportButton view={view} loading empty />
          </div>
        )}
      </div>
      <WaitlistTable entries={[]} view={view} message={{ kind: "loading", text: "Loading entries..." }} />
    </>
  );
}

/** The whole list again, in the same order: the search and every filter dropped. */
function ClearFilters({ view }: { view: WaitlistViewState }) {
  const search = waitlistViewSearch({ q: "", page: 1, sort: view.sort });
  return (
    <Link
      href={`/admin${search ? `?${search}` : ""}`}
      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      Clear filters
    </Link>
  );
}

/**
 * The admin waitlist, rendered on the server from the URL (`?q=&page=&sort=`): search, export, the table
 * of entries and page controls. A new search, order or page renders the list again on the server; the
 * keyed boundaries show the loading state meanwhile.
 */
export async function WaitlistEntries({
  view,
  refused = {},
}: {
  view: WaitlistViewState;
  /** Filters the URL gave a value they cannot use, with why (refusedWaitlistFilters). */
  refused?: Record<string, string>;
}) {
  const key = waitlistViewKey(view);
  // Only a role that may export is shown the button (a viewer is not).
  const canExport = roleCan((await requireCurrentAdmin()).role, "export");
  // Tight gaps: with the table's header, ten rows fit below the filters on a 1280x800 screen.
  return (
    <div className="grid gap-3">
      <WaitlistFilters
        view={view}
        sources={await loadKnownSources()}
        tags={await loadKnownTags()}
        refused={refused}
        more={<SegmentLinks view={view} />}
      />
      <Suspense key={key} fallback={<ResultsLoading view={view} canExport={canExport} />}>
        <WaitlistResults view={view} />
      </Suspense>
    </div>
  );
}
