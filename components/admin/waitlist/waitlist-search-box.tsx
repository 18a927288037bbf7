"use client";

import { ChevronDownIcon, SearchIcon, SlidersHorizontalIcon, XIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { ANY_WAITLIST_FILTERS, filterValueOf, type AnyWaitlistFilter } from "@/lib/validation/waitlist-filters";
import {
  MAX_WAITLIST_SEARCH_LENGTH,
  waitlistViewSearch,
  type WaitlistViewState,
} from "@/lib/validation/waitlist-query";

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

const selectClass = "select-field";

// The controls in their places on screen, left to right: the common ones on one line, the rest behind "More filters".
const CONTROLS = [...ANY_WAITLIST_FILTERS].sort((a, b) => a.control.place - b.control.place);
const MAIN = CONTROLS.filter((filter) => !filter.control.more);
const MORE = CONTROLS.filter((filter) => filter.control.more);

/** How many filters say something: " 2 on" for a button's name and badge. */
function CountBadge({ on, none }: { on: number; none?: string }) {
  if (on === 0 && !none) return null;
  return (
    <>
      <span className="sr-only">,</span>
      <Badge variant={on > 0 ? "default" : "muted"}>{on > 0 ? `${on} on` : none}</Badge>
    </>
  );
}

/**
 * The list's search and filters (see WAITLIST_FILTERS), alone or together. Each change renders the first page of
 * the filtered list on the server; the filters live in the URL with the search and order. The search and the common
 * filters share one line, the less-used ones (and `more`: the segments) wait behind "More filters", open when one of
 * them is set, so the list starts high on a laptop's screen. `sources`: the sources signups have come from, offered
 * as a filter that suggests them is typed; `tags`: the tags in use, likewise.
 */
export function WaitlistFilters({
  view,
  sources = [],
  tags = [],
  refused = {},
  more,
}: {
  view: WaitlistViewState;
  sources?: readonly string[];
  tags?: readonly string[];
  /** Filters the URL gave a value they cannot use, with why: said beside their control. */
  refused?: Readonly<Record<string, string>>;
  /** Shown at the end of "More filters". */
  more?: React.ReactNode;
}) {
  const replaceView = useReplaceView();
  const id = useId();
  const isOn = (filter: AnyWaitlistFilter) => filterValueOf(view, filter) !== undefined;
  const anyRefused = Object.keys(refused).length > 0;
  // On a phone every filter folds behind one button, so the list is on the first screen; wider, the common ones show.
  const [open, setOpen] = useState(false);
  const moreOn = MORE.filter(isOn).length;
  const [moreOpen, setMoreOpen] = useState(moreOn > 0 || MORE.some((filter) => refused[filter.key]));
  const control = (filter: AnyWaitlistFilter, compact: boolean) => (
    <FilterControl
      key={filter.key}
      id={`${id}-${filter.key}`}
      filter={filter}
      view={view}
      compact={compact}
      suggestions={
        filter.control.kind !== "text"
          ? []
          : filter.control.suggestsKnownSources
            ? sources
            : filter.control.suggestsKnownTags
              ? tags
              : []
      }
      refused={refused[filter.key]}
      replaceView={replaceView}
    />
  );
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <WaitlistSearchBox view={view} />
        <Button
          type="button"
          variant="outline"
          className="justify-between md:hidden"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen(!open)}
        >
          <span className="flex items-center gap-2">
            <SlidersHorizontalIcon aria-hidden="true" />
            Filters
            <CountBadge on={CONTROLS.filter(isOn).length} none="none on" />
          </span>
          <ChevronDownIcon aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
        </Button>
        <fieldset id={`${id}-filters`} className={cn("waitlist-filter-bar", !open && !anyRefused && "max-md:hidden")}>
          <legend className="sr-only">Filter the list</legend>
          {MAIN.map((filter) => control(filter, true))}
          <Button
            type="button"
            variant="outline"
            aria-expanded={moreOpen}
            aria-controls={`${id}-more`}
            onClick={() => setMoreOpen(!moreOpen)}
          >
            More filters
            <CountBadge on={moreOn} />
            <ChevronDownIcon aria-hidden="true" className={cn("transition-transform", moreOpen && "rotate-180")} />
          </Button>
        </fieldset>
      </div>
      <fieldset
        id={`${id}-more`}
        hidden={!moreOpen}
        className={cn("grid gap-3 sm:grid-cols-2 lg:grid-cols-4", !open && !anyRefused && "max-md:hidden")}
      >
        <legend className="sr-only">More filters</legend>
        {MORE.map((filter) => control(filter, false))}
        {more && <div className="col-span-full">{more}</div>}
      </fieldset>
    </div>
  );
}

/** One filter's control, from its descriptor: a drop-down, or a text field (TextFilter). */
function FilterControl({
  id,
  filter,
  view,
  compact,
  suggestions,
  refused,
  replaceView,
}: {
  id: string;
  filter: AnyWaitlistFilter;
  view: WaitlistViewState;
  /** On the filters' one line: its label for screen readers only (its "any" choice names it on screen). */
  compact: boolean;
  suggestions: readonly string[];
  refused: string | undefined;
  replaceView: (next: WaitlistViewState) => void;
}) {
  const apply = (value: string | undefined) =>
    replaceView({ ...view, page: 1, [filter.key]: value } as WaitlistViewState);
  const current = filterValueOf(view, filter) ?? "";
  if (filter.control.kind === "text") {
    return (
      <TextFilter
        id={id}
        label={filter.label}
        control={filter.control}
        schema={filter.schema}
        refused={refused}
        current={current}
        suggestions={suggestions}
        onChange={apply}
      />
    );
  }
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className={compact ? "sr-only" : "text-sm font-medium"}>
        {filter.label}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => apply(event.target.value || undefined)}
        className={selectClass}
      >
        <option value="">{filter.control.any}</option>
        {filter.control.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface TextFilterProps {
  id: string;
  label: string;
  control: Extract<AnyWaitlistFilter["control"], { kind: "text" }>;
  /** The filter's own schema, which the server applies too: text it refuses is said, never applied. */
  schema: AnyWaitlistFilter["schema"];
  /** Why the URL's value for this filter was left out, if it was. */
  refused?: string;
  current: string;
  suggestions: readonly string[];
  onChange: (value: string | undefined) => void;
}

/**
 * A filter typed as text (the source: a utm_source, a referring site or "direct", which are open-ended). The
 * browser offers the suggestions as it is typed (a datalist: keyboard and screen readers get the browser's own
 * suggestion list). It applies on Enter or on leaving the field, and follows the URL on back/forward. Its hint
 * shows under it; text the filter cannot use is said there instead, and the list stays as it was (never
 * silently unfiltered).
 */
function TextFilter({ id, label, control, schema, refused, current, suggestions, onChange }: TextFilterProps) {
  const [value, setValue] = useTextFollowingUrl(current, control.normalise);
  const [error, setError] = useState<string | null>(refused ?? null);
  const apply = () => {
    const next = control.normalise(value);
    const parsed = schema.safeParse(next);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? `${label} cannot use that.`);
      return;
    }
    setError(null);
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
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={apply}
        placeholder={control.placeholder}
        maxLength={control.maxLength}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        list={suggestions.length > 0 ? `${id}-suggestions` : undefined}
      />
      {suggestions.length > 0 && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      <p id={`${id}-error`} aria-live="polite" className="text-sm font-medium text-destructive empty:hidden">
        {error}
      </p>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {control.hint}
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
      className="relative w-full md:w-64 md:shrink-0 lg:w-72"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== query) onSearch(value.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search waitlist entries
      </label>
      <SearchIcon
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
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
