import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import Link from "next/link";
import { createElement } from "react";

import { TableMessageRow, type TableMessage } from "@/components/admin/kit/data-table";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { HeldStatus } from "@/components/admin/waitlist/held-badge";
import { JoinedTime } from "@/components/admin/waitlist/joined-time";
import { teamSizeBadgeVariant } from "@/components/admin/waitlist/team-size-badge";
import { PageCheckbox, RowCheckbox } from "@/components/admin/waitlist/waitlist-selection";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Table, TableBody, TableHeader, TableRow } from "@/components/ui/table";
import {
  labelOf,
  LIST_COLUMNS,
  type WaitlistColumn,
  type WaitlistColumnKey,
  type WaitlistRow,
} from "@/lib/data/waitlist/columns";
import { formatNumber, utcLongDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  businessTypeShortLabel,
  businessTypeText,
  DIRECT_SOURCE,
  STATUS_LABELS,
  teamSizeLabel,
  type WaitlistStatus,
} from "@/lib/validation/waitlist";
import { waitlistViewSearch, type WaitlistSort, type WaitlistViewState } from "@/lib/validation/waitlist-query";

interface WaitlistTableProps {
  /** The page's entries, each with every column (WAITLIST_COLUMNS); the table shows the list's (LIST_COLUMNS). */
  entries: WaitlistRow[];
  /** The list's search, page and order: the sort headers link to the same search in another order. */
  view: WaitlistViewState;
  /** Replaces the rows (loading, error, empty). */
  message?: TableMessage;
  /** Rows carry checkboxes (inside a <WaitlistSelection>); without rows the column stays, empty. */
  selectable?: boolean;
  /** The columns shown, in the table's order: the admin's own choice (visibleListColumns); all of them by default. */
  columns?: readonly WaitlistColumn<WaitlistColumnKey>[];
}

type SortColumn = "name" | "joined" | "place";

// Each column's first order, and how each direction reads: names A→Z, dates newest first, the line from its
// front; a second click reverses.
const SORT_COLUMNS: Record<SortColumn, { first: WaitlistSort; asc: string; desc: string }> = {
  name: { first: "name_asc", asc: "A to Z", desc: "Z to A" },
  joined: { first: "joined_desc", asc: "oldest first", desc: "newest first" },
  place: { first: "place_asc", asc: "front of the line first", desc: "no place first, then the back of the line" },
};

/** How the table shows one of the list's columns, beyond what its format gives (see FORMAT_VIEWS). */
interface ColumnView {
  /** Utilities on its header cell, on top of the table's own (.waitlist-table in globals.css). */
  head?: string;
  /** CSS declarations for its cells, in the table's stylesheet (COLUMN_STYLES) rather than on each cell. */
  cell?: string;
  /** Its header links to the list in this order, then the reverse. */
  sort?: SortColumn;
  /** What its cell shows; without one, its value as its format shows it (FormattedValue). */
  render?: (entry: WaitlistRow) => React.ReactNode;
}

const TABULAR = "font-variant-numeric:tabular-nums";

// A source longer than this is cut short in the list (whole on hover or focus); most ("newsletter") fit.
const LONG_SOURCE = 12;
// A name longer than this is cut short likewise, so every row stays one line tall and ten fit a laptop's screen.
const LONG_NAME = 16;

/** What each format needs of the table: numbers to the right, in figures of one width. */
const FORMAT_VIEWS: Partial<Record<WaitlistColumn["format"], ColumnView>> = {
  number: { head: "text-right", cell: `text-align:right;${TABULAR}` },
  place: { cell: TABULAR },
};

/**
 * The list's columns that the table shows in a way of their own. Every other column of LIST_COLUMNS shows its
 * value as its format does, under its `list` heading: a new column needs nothing here. The cells are a little
 * tighter than other tables', and each row stays one line tall so that a laptop's screen shows ten or more: the
 * email address takes the room the other columns leave and is cut short (whole on hover or focus), a business
 * type shows its short label (the full one in its title), and a source and a date never wrap.
 */
const VIEWS: Partial<Record<WaitlistColumnKey, ColumnView>> = {
  place: { head: "px-1", cell: `padding-inline:0.25rem;${TABULAR}`, sort: "place" },
  name: {
    cell: "min-width:7rem;font-weight:500",
    sort: "name",
    render: (entry) => (
      <Link
        href={`/admin/waitlist/${entry.id}`}
        {...(entry.name.length > LONG_NAME && { className: "reveal-truncated" })}
      >
        {entry.name}
      </Link>
    ),
  },
  email: {
    cell: "width:100%;min-width:8rem",
    render: (entry) => <EmailAddress address={entry.email} truncate />,
  },
  // The short label, with the full one (and the visitor's own words after "Other") in its title.
  businessType: {
    head: "whitespace-normal",
    cell: "white-space:nowrap",
    render: (entry) => {
      const full = businessTypeText(entry.businessType, entry.businessDescription);
      const short = businessTypeShortLabel(entry.businessType);
      return short === full ? short : <span title={full}>{short}</span>;
    },
  },
  employees: {
    head: "whitespace-normal",
    render: (entry) => <Badge variant={teamSizeBadgeVariant(entry.employees)}>{teamSizeLabel(entry.employees)}</Badge>,
  },
  source: {
    cell: "white-space:nowrap",
    render: (entry) =>
      entry.source === DIRECT_SOURCE ? (
        <span className="text-muted-foreground">Direct</span>
      ) : entry.source.length > LONG_SOURCE ? (
        <span className="reveal-truncated" tabIndex={0}>
          {entry.source}
        </span>
      ) : (
        entry.source
      ),
  },
  // The long date in the admin's own time zone, with the time and how long ago on hover or focus.
  joinedAt: {
    cell: "white-space:nowrap",
    sort: "joined",
    render: (entry) => <JoinedTime iso={entry.joinedAt.toISOString()} />,
  },
  confirmedAt: {
    render: (entry) =>
      entry.confirmedAt ? (
        <Badge variant="success">
          <time dateTime={entry.confirmedAt.toISOString()}>Confirmed</time>
        </Badge>
      ) : (
        <Badge variant="muted">Not yet</Badge>
      ),
  },
  // A held entry is waiting too, but not yet on the list: that is what the team needs to see.
  status: {
    render: (entry) =>
      entry.heldAt ? <HeldStatus reason={entry.heldReason} /> : <StatusBadge status={entry.status} />,
  },
};

const viewOf = (column: WaitlistColumn<WaitlistColumnKey>): ColumnView => ({
  ...FORMAT_VIEWS[column.format],
  ...VIEWS[column.key],
});

/**
 * The table's stylesheet for a set of its columns (the admin's own choice of LIST_COLUMNS): each column's cells by
 * their place in the row (the checkbox's cell first), with their look (a view's `cell`). Below 768 px each row is a
 * compact card of the `card` columns (name over business, status, place and joined, without headings: the entry's
 * page has the rest), the other cells hidden. Said once here, not as a class on each of a page's cells: the page's
 * HTML and the data React hydrates it from carry every attribute twice. The looks carry no weight (:where), so the
 * phone's own rules still win over them there, as they did over utilities.
 */
export function columnStyles(columns: readonly WaitlistColumn<WaitlistColumnKey>[]): string {
  const cells = (index: number) => `.waitlist-table td:nth-child(${index + 2})`;
  const looks = columns.map((column, index) => {
    const { cell } = viewOf(column);
    return cell ? `:where(${cells(index)}){${cell}}` : "";
  });
  const phone = columns.map((column, index) =>
    column.card
      ? column.key === "name"
        ? `[data-stack] ${cells(index)}{flex-basis:100%;order:-1;padding-right:2.5rem}`
        : ""
      : `[data-stack] ${cells(index)}{display:none}`,
  );
  const card =
    "[data-stack] .waitlist-table tbody tr{display:flex;flex-wrap:wrap;align-items:center;gap:0.25rem 0.75rem;padding:0.625rem 1rem}" +
    "[data-stack] .waitlist-table tbody td{padding:0}";
  return `${looks.join("")}@media (max-width:767.98px){${card}${phone.join("")}}`;
}

/** The stylesheet of the whole table, every column shown. */
export const COLUMN_STYLES = columnStyles(LIST_COLUMNS);

/** Said in place of a value not given (or a time that has not come): a dash to the eye, words to a screen reader. */
function Missing({ text }: { text: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{text}</span>
    </>
  );
}

/** A value as its column's format shows it. */
function FormattedValue({ column, value }: { column: WaitlistColumn; value: WaitlistRow[WaitlistColumnKey] }) {
  if (column.format === "place")
    return value === null ? <Missing text="No place" /> : `#${formatNumber(Number(value))}`;
  if (value === null) return <Missing text="None" />;
  if (value instanceof Date) return <time dateTime={value.toISOString()}>{utcLongDate.format(value)}</time>;
  if (typeof value === "number") return formatNumber(value);
  return labelOf(column, value);
}

function SortHeader({
  label,
  column,
  view,
  className,
}: {
  label: string;
  column: SortColumn;
  view: WaitlistViewState;
  className?: string;
}) {
  const { sort } = view;
  const active = sort.startsWith(column);
  const ascending = sort.endsWith("_asc");
  const { first } = SORT_COLUMNS[column];
  const next: WaitlistSort = sort === first ? (first.endsWith("_asc") ? `${column}_desc` : `${column}_asc`) : first;
  const Icon = !active ? ArrowUpDownIcon : ascending ? ArrowUpIcon : ArrowDownIcon;
  const nextDescription = next.endsWith("_asc") ? SORT_COLUMNS[column].asc : SORT_COLUMNS[column].desc;
  return (
    <th
      scope="col"
      data-sortable=""
      aria-sort={active ? (ascending ? "ascending" : "descending") : "none"}
      // On a phone the header is a strip of these buttons: as tall as they are, not a table row's 44 px.
      className={cn("max-md:h-auto", className)}
    >
      <Link
        href={`?${waitlistViewSearch({ ...view, sort: next, page: 1 })}`}
        className={cn(
          buttonVariants({ variant: "ghost", size: "sm" }),
          "-my-1 h-8 px-1.5 font-medium",
          active ? "text-foreground" : "text-muted-foreground",
        )}
        aria-label={`${label}: sort ${nextDescription}`}
      >
        {label}
        <Icon aria-hidden="true" className={cn(!active && "opacity-60")} />
      </Link>
    </th>
  );
}

/** An entry's status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  const label = STATUS_LABELS[status as WaitlistStatus] ?? status;
  return (
    <Badge variant={status === "accepted" ? "success" : status === "invited" ? "default" : "outline"}>{label}</Badge>
  );
}

/**
 * The waitlist table: a checkbox to select each row, then the list's columns (LIST_COLUMNS: Place in line, or
 * none; Name; Email; Business Type (label); Team Size (badge); Source; Joined (long date); Confirmed; Status;
 * Referrals credited). Below 768 px each row becomes a card of its cells, each under its column's heading. The
 * rows are rendered on the server, once per page, with small client parts (the checkbox, the join time's tooltip);
 * their look is the table's classes (.waitlist-table in globals.css) and stylesheet (COLUMN_STYLES), not classes
 * and labels repeated on every cell, as the page's HTML and the data React hydrates it from both carry each.
 */
export function WaitlistTable({
  entries,
  view,
  message,
  selectable = false,
  columns = LIST_COLUMNS,
}: WaitlistTableProps) {
  return (
    <>
      {/* Only rows need it (a message row has none of the columns' cells); React puts it in the page's head, once. */}
      {!message && (
        <style href={`waitlist-table-${columns.map((column) => column.key).join("-")}`} precedence="default">
          {columnStyles(columns)}
        </style>
      )}
      <Table
        containerLabel="Waitlist entries"
        stackOnPhone
        className="waitlist-table"
        aria-busy={message?.kind === "loading"}
      >
        {/* On a phone the sortable headers become a strip of buttons: as wide as the cards below it. */}
        <TableHeader className="max-md:block">
          <TableRow className="hover:bg-transparent max-md:items-center">
            <th scope="col" data-row-select="" className="max-md:h-auto">
              {selectable ? <PageCheckbox /> : <span className="sr-only">Select</span>}
            </th>
            {columns.map((column) => {
              const { head, sort } = viewOf(column);
              return sort ? (
                <SortHeader key={column.key} label={column.list!} column={sort} view={view} className={head} />
              ) : (
                <th key={column.key} scope="col" className={head}>
                  {column.list}
                </th>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {message ? (
            <TableMessageRow columns={columns.length + 1} message={message} />
          ) : (
            entries.map((entry) =>
              // The cells as the row's own children, not a list: they need no keys, which the page's data would carry.
              createElement(
                "tr",
                { key: entry.id },
                <td data-row-select="">{selectable && <RowCheckbox id={entry.id} name={entry.name} />}</td>,
                ...columns.map((column) => {
                  const { render } = viewOf(column);
                  return createElement(
                    "td",
                    null,
                    render ? render(entry) : <FormattedValue column={column} value={entry[column.key]} />,
                  );
                }),
              ),
            )
          )}
        </TableBody>
      </Table>
    </>
  );
}
