"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { SearchIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_WAITLIST_SEARCH_LENGTH, waitlistViewSearch, type WaitlistViewState } from "@/lib/validation/waitlist-query";

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface WaitlistSearchBoxProps {
  /** The list's search, filter and order (from the URL); the filter and order are kept when the search changes. */
  view: WaitlistViewState;
}

/** Sends the browser to the list for another view, replacing the history entry. */
function useReplaceView() {
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(
    (next: WaitlistViewState) => {
      const search = waitlistViewSearch(next);
      router.replace(`${pathname}${search ? `?${search}` : ""}`, { scroll: false });
    },
    [router, pathname],
  );
}

/** All entries, only confirmed ones, or only those not confirmed yet. */
export function WaitlistConfirmedFilter({ view }: { view: WaitlistViewState }) {
  const replaceView = useReplaceView();
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap">
        Show
      </label>
      <select
        id={id}
        value={view.confirmed ?? ""}
        onChange={(event) => replaceView({ ...view, page: 1, confirmed: (event.target.value || undefined) as WaitlistViewState["confirmed"] })}
        className="h-10 rounded-md border border-input bg-background px-3 text-base shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none md:text-sm"
      >
        <option value="">All entries</option>
        <option value="yes">Confirmed</option>
        <option value="no">Not confirmed</option>
      </select>
    </div>
  );
}

/**
 * The search box: puts the search in the URL once typing pauses, at once on Enter (the server renders the
 * matching page), and follows the URL on back/forward. Typing replaces the history entry rather than
 * adding one per word.
 */
export function WaitlistSearchBox({ view }: WaitlistSearchBoxProps) {
  const id = useId();
  const query = view.q;
  const replaceView = useReplaceView();
  const { sort, confirmed } = view;
  const onSearch = useCallback((next: string) => replaceView({ q: next, sort, confirmed, page: 1 }), [replaceView, sort, confirmed]);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(query);
  const [syncedQuery, setSyncedQuery] = useState(query);
  // The URL changed under us (back/forward, a link): show its search rather than the stale text.
  if (query !== syncedQuery) {
    setSyncedQuery(query);
    if (query !== value.trim()) setValue(query);
  }

  useEffect(() => {
    const next = value.trim();
    if (next === query) return;
    const timer = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, query, onSearch]);

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== query) onSearch(value.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search waitlist entries
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Search by name, email, or business type..."
        maxLength={MAX_WAITLIST_SEARCH_LENGTH}
        autoComplete="off"
        spellCheck={false}
        className="pl-9 pr-10 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute right-0.5 top-1/2 size-9 -translate-y-1/2"
          aria-label="Clear search"
          onClick={() => {
            setValue("");
            onSearch("");
            // The button disappears with the text: keep keyboard users in the search box.
            inputRef.current?.focus();
          }}
        >
          <XIcon aria-hidden="true" />
        </Button>
      )}
    </form>
  );
}
