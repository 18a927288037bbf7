"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { SearchIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { BUSINESS_TYPE_OPTIONS, TEAM_SIZE_OPTIONS } from "@/lib/validation/waitlist";
import { MAX_WAITLIST_SEARCH_LENGTH, STATUS_LABELS, WAITLIST_STATUSES, waitlistViewSearch, type WaitlistViewState } from "@/lib/validation/waitlist-query";

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

/**
 * A text field's value that follows the URL: typing changes only the field until the caller applies it, and
 * when the URL changes under it (back/forward, a link) the field shows the URL's value, unless what is typed
 * already means the same (`normalise`: what applying would make of it).
 */
function useTextFollowingUrl(urlValue: string, normalise: (text: string) => string) {
  const [value, setValue] = useState(urlValue);
  const [synced, setSynced] = useState(urlValue);
  if (urlValue !== synced) {
    setSynced(urlValue);
    if (normalise(value) !== urlValue) setValue(urlValue);
  }
  return [value, setValue] as const;
}

const normaliseSearch = (text: string) => text.trim();
const normaliseSource = (text: string) => text.trim().toLowerCase();

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none md:text-sm";

const FILTERS = [
  { name: "status", label: "Status", all: "Any status", options: WAITLIST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })) },
  { name: "type", label: "Business type", all: "Any business type", options: BUSINESS_TYPE_OPTIONS },
  { name: "size", label: "Team size", all: "Any team size", options: TEAM_SIZE_OPTIONS },
  {
    name: "confirmed",
    label: "Confirmed",
    all: "Confirmed or not",
    options: [
      { value: "yes", label: "Confirmed" },
      { value: "no", label: "Not confirmed" },
    ],
  },
] as const;

/**
 * The list's filters (status, business type, team size, confirmed, source), alone or together. Each change
 * renders the first page of the filtered list on the server; the filters live in the URL with the search and
 * order. `sources`: the sources signups have come from, offered as the source field is typed.
 */
export function WaitlistFilters({ view, sources = [] }: { view: WaitlistViewState; sources?: readonly string[] }) {
  const replaceView = useReplaceView();
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <legend className="sr-only">Filter the list</legend>
      {FILTERS.map((filter) => (
        <div key={filter.name} className="grid gap-1.5">
          <label htmlFor={`${id}-${filter.name}`} className="text-sm font-medium">
            {filter.label}
          </label>
          <select
            id={`${id}-${filter.name}`}
            value={view[filter.name] ?? ""}
            onChange={(event) => replaceView({ ...view, page: 1, [filter.name]: event.target.value || undefined })}
            className={selectClass}
          >
            <option value="">{filter.all}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <SourceFilter view={view} sources={sources} onChange={(source) => replaceView({ ...view, page: 1, source })} />
    </fieldset>
  );
}

/**
 * The source filter: a utm_source, a referring site or "direct". Sources are open-ended, so it is a text field,
 * and the browser offers the known ones as it is typed (a datalist: keyboard and screen readers get the
 * browser's own suggestion list). It applies on Enter or on leaving the field, and follows the URL on back/forward.
 */
function SourceFilter({ view, sources, onChange }: { view: WaitlistViewState; sources: readonly string[]; onChange: (source: string | undefined) => void }) {
  const id = useId();
  const current = view.source ?? "";
  const [value, setValue] = useTextFollowingUrl(current, normaliseSource);
  const apply = () => {
    const next = normaliseSource(value);
    if (next !== current) onChange(next || undefined);
  };
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <label htmlFor={`${id}-source`} className="text-sm font-medium">
        Source
      </label>
      <Input
        id={`${id}-source`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={apply}
        placeholder="Any source"
        maxLength={253}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-source-hint`}
        list={sources.length > 0 ? `${id}-sources` : undefined}
      />
      {sources.length > 0 && (
        <datalist id={`${id}-sources`}>
          {sources.map((source) => (
            <option key={source} value={source} />
          ))}
        </datalist>
      )}
      <p id={`${id}-source-hint`} className="sr-only">
        A utm_source, a referring site, or direct; press Enter to apply.
      </p>
    </form>
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
  const onSearch = useCallback((next: string) => replaceView({ ...view, q: next, page: 1 }), [replaceView, view]);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useTextFollowingUrl(query, normaliseSearch);

  useEffect(() => {
    const next = normaliseSearch(value);
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
