"use client";

import { useCallback, useEffect } from "react";
import { useSearchParams } from "next/navigation";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";

import { WaitlistExportButton } from "@/components/admin/waitlist-export-button";
import { lastPageOf, WaitlistPagination } from "@/components/admin/waitlist-pagination";
import { WaitlistSearchBox } from "@/components/admin/waitlist-search-box";
import { WaitlistTable, type WaitlistTableMessage } from "@/components/admin/waitlist-table";
import { Button } from "@/components/ui/button";
import { ApiError, serverMessage } from "@/lib/api";
import {
  readWaitlistViewState,
  waitlistViewSearch,
  type WaitlistListResponse,
  type WaitlistViewState,
} from "@/lib/validation/waitlist-query";

const number = new Intl.NumberFormat("en-GB");

/** The URL of the list request for a view (also its query key). */
export function waitlistListUrl(view: WaitlistViewState): string {
  const search = waitlistViewSearch(view);
  return `/api/admin/waitlist${search ? `?${search}` : ""}`;
}

/**
 * The page's state lives in the URL (`?q=&page=&sort=`), so a search survives reload and can be
 * bookmarked. Typing replaces the history entry; paging and sorting push one, so Back steps through them.
 */
function useWaitlistView() {
  const searchParams = useSearchParams();
  const view = readWaitlistViewState(searchParams);
  const navigate = useCallback((next: WaitlistViewState, mode: "push" | "replace") => {
    const search = waitlistViewSearch(next);
    const url = `${window.location.pathname}${search ? `?${search}` : ""}`;
    // Next.js keeps useSearchParams in step with the History API, without a server round trip.
    if (mode === "push") window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  }, []);
  return { view, navigate };
}

function summary(data: WaitlistListResponse, searching: boolean): string {
  const noun = searching ? "matching entries" : "entries";
  if (data.entries.length === 0) return "";
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.entries.length - 1;
  const of = data.totalIsExact ? number.format(data.total) : `more than ${number.format(data.total)}`;
  return `Showing ${number.format(first)}–${number.format(last)} of ${of} ${noun}`;
}

/** The admin waitlist: search, export, the table of entries and page controls. */
export function WaitlistEntries() {
  const { view, navigate } = useWaitlistView();
  const { q, page, sort } = view;
  const query = useQuery<WaitlistListResponse>({ queryKey: [waitlistListUrl(view)], placeholderData: keepPreviousData });
  const { data, error, errorUpdatedAt } = query;

  useEffect(() => {
    // A 401 means the session ended: the admin shell sends the visitor to sign in, no toast needed.
    if (!error || (error instanceof ApiError && error.status === 401)) return;
    toast.error("Failed to fetch waitlist entries", { id: "waitlist-fetch-error", description: serverMessage(error) ?? "Please try again." });
  }, [error, errorUpdatedAt]);

  // A bookmarked page past the end (entries were removed since): go to the last page that exists.
  const fresh = data && !query.isPlaceholderData ? data : undefined;
  useEffect(() => {
    if (!fresh || fresh.entries.length > 0 || fresh.total === 0 || page === 1) return;
    navigate({ q, sort, page: lastPageOf(fresh.total, fresh.pageSize, fresh.totalIsExact) ?? 1 }, "replace");
  }, [fresh, page, q, sort, navigate]);

  const onSearch = useCallback((next: string) => navigate({ q: next, sort, page: 1 }, "replace"), [navigate, sort]);

  let message: WaitlistTableMessage | undefined;
  if (query.isError) {
    message = {
      kind: "error",
      text: "Error loading waitlist entries. Please try again.",
      action: (
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      ),
    };
  } else if (query.isPending) {
    message = { kind: "loading", text: "Loading entries..." };
  } else if (data && data.entries.length === 0 && data.total === 0) {
    message = { kind: "empty", text: q ? "No entries match your search" : "No waitlist entries found" };
  } else if (data && data.entries.length === 0) {
    message = { kind: "loading", text: "Loading entries..." };
  }

  const updating = query.isFetching && query.isPlaceholderData;
  const showPages = !!data && !query.isError && (data.total > data.pageSize || page > 1);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <WaitlistSearchBox query={q} onSearch={onSearch} />
        <WaitlistExportButton q={q} sort={sort} loading={query.isPending || query.isFetching} empty={!data || data.total === 0} />
      </div>

      <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <p role="status" aria-live="polite" className="flex items-center gap-2">
          {updating ? (
            <>
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              Loading entries...
            </>
          ) : data && !query.isError ? (
            summary(data, q !== "")
          ) : null}
        </p>
        {q && data && data.total > 0 && !query.isError && <p>The export includes only the entries matching your search.</p>}
      </div>

      <WaitlistTable entries={data?.entries ?? []} sort={sort} onSort={(next) => navigate({ q, sort: next, page: 1 }, "push")} message={message} busy={updating} />

      {showPages && (
        <div className="flex justify-end">
          <WaitlistPagination
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            totalIsExact={data.totalIsExact}
            onPage={(next) => navigate({ q, sort, page: next }, "push")}
          />
        </div>
      )}
    </div>
  );
}

/** What the page shows before the client takes over (the URL is read on the client). */
export function WaitlistEntriesFallback() {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      Loading entries...
    </p>
  );
}
