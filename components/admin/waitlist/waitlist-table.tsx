import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import Link from "next/link";

import { TableMessageRow, type TableMessage } from "@/components/admin/kit/data-table";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { HeldStatus } from "@/components/admin/waitlist/held-badge";
import { JoinedTime } from "@/components/admin/waitlist/joined-time";
import { teamSizeBadgeVariant } from "@/components/admin/waitlist/team-size-badge";
import { PageCheckbox, RowCheckbox } from "@/components/admin/waitlist/waitlist-selection";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AdminWaitlistEntry } from "@/lib/data/waitlist/list";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { DIRECT_SOURCE, STATUS_LABELS, teamSizeLabel, type WaitlistStatus } from "@/lib/validation/waitlist";
import { waitlistViewSearch, type WaitlistSort, type WaitlistViewState } from "@/lib/validation/waitlist-query";

interface WaitlistTableProps {
  entries: (Pick<
    AdminWaitlistEntry,
    | "id"
    | "name"
    | "email"
    | "businessTypeLabel"
    | "employees"
    | "source"
    | "joinedAt"
    | "confirmedAt"
    | "status"
    | "place"
    | "referrals"
  > &
    // Held for review, and why (absent: not held).
    Partial<Pick<AdminWaitlistEntry, "heldAt" | "heldReason">>)[];
  /** The list's search, page and order: the sort headers link to the same search in another order. */
  view: WaitlistViewState;
  /** Replaces the rows (loading, error, empty). */
  message?: TableMessage;
  /** Rows carry checkboxes (inside a <WaitlistSelection>); without rows the column stays, empty. */
  selectable?: boolean;
}

const COLUMNS = [
  "Select",
  "Place",
  "Name",
  "Email",
  "Business Type",
  "Team Size",
  "Source",
  "Joined",
  "Confirmed",
  "Status",
  "Referrals",
] as const;

type SortColumn = "name" | "joined" | "place";

// Each column's first order, and how each direction reads: names A→Z, dates newest first, the line from its
// front; a second click reverses.
const SORT_COLUMNS: Record<SortColumn, { first: WaitlistSort; asc: string; desc: string }> = {
  name: { first: "name_asc", asc: "A to Z", desc: "Z to A" },
  joined: { first: "joined_desc", asc: "oldest first", desc: "newest first" },
  place: { first: "place_asc", asc: "front of the line first", desc: "no place first, then the back of the line" },
};

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
    <TableHead
      data-sortable=""
      aria-sort={active ? (ascending ? "ascending" : "descending") : "none"}
      // On a phone the header is a strip of these buttons: as tall as they are, not a table row's 44 px.
      className={cn("px-1.5 max-md:h-auto", className)}
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
    </TableHead>
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
 * The waitlist table: a checkbox to select each row, Place (in line, or none), Name, Email, Business Type
 * (label), Team Size (badge), Source, Joined (long date), Confirmed, Status, Referrals (credited). All eleven
 * fit beside the sidebar on a 1280-pixel screen: the cells are a little tighter than other tables', a long
 * email address wraps at its @ or dots, a source anywhere (it has no spaces), and so do a date and the "Team
 * Size" and "Business Type" headings, rather than pushing Referrals out of sight.
 */
export function WaitlistTable({ entries, view, message, selectable = false }: WaitlistTableProps) {
  return (
    <Table containerLabel="Waitlist entries" stackOnPhone aria-busy={message?.kind === "loading"}>
      {/* On a phone the sortable headers become a strip of buttons: as wide as the cards below it. */}
      <TableHeader className="max-md:block">
        <TableRow className="hover:bg-transparent max-md:items-center">
          <TableHead data-row-select="" className="w-10 pr-0 max-md:h-auto">
            {selectable ? <PageCheckbox /> : <span className="sr-only">Select</span>}
          </TableHead>
          <SortHeader label="Place" column="place" view={view} className="px-1" />
          <SortHeader label="Name" column="name" view={view} />
          <TableHead className="px-1.5">Email</TableHead>
          <TableHead className="px-1.5 whitespace-normal">Business Type</TableHead>
          <TableHead className="px-1.5 whitespace-normal">Team Size</TableHead>
          <TableHead className="px-1.5">Source</TableHead>
          <SortHeader label="Joined" column="joined" view={view} />
          <TableHead className="px-1.5">Confirmed</TableHead>
          <TableHead className="px-1.5">Status</TableHead>
          <TableHead className="px-1.5 text-right">Referrals</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {message ? (
          <TableMessageRow columns={COLUMNS.length} message={message} />
        ) : (
          entries.map((entry) => (
            <TableRow key={entry.id} className="has-[[data-state=checked]]:bg-muted/60">
              <TableCell data-row-select="" className="w-10 pr-0">
                {selectable && <RowCheckbox id={entry.id} name={entry.name} />}
              </TableCell>
              <TableCell data-label="Place" className="px-1 tabular-nums">
                {entry.place === null ? (
                  <span className="text-muted-foreground">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">No place</span>
                  </span>
                ) : (
                  `#${formatNumber(entry.place)}`
                )}
              </TableCell>
              <TableCell data-label="Name" className="min-w-28 px-1.5 font-medium">
                <Link
                  href={`/admin/waitlist/${entry.id}`}
                  className="underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {entry.name}
                </Link>
              </TableCell>
              <TableCell data-label="Email" className="min-w-32 px-1.5">
                <EmailAddress address={entry.email} />
              </TableCell>
              <TableCell data-label="Business Type" className="min-w-24 px-1.5">
                {entry.businessTypeLabel}
              </TableCell>
              <TableCell data-label="Team Size" className="px-1.5">
                <Badge variant={teamSizeBadgeVariant(entry.employees)}>{teamSizeLabel(entry.employees)}</Badge>
              </TableCell>
              <TableCell data-label="Source" className="min-w-16 px-1.5 [overflow-wrap:anywhere]">
                {entry.source === DIRECT_SOURCE ? <span className="text-muted-foreground">Direct</span> : entry.source}
              </TableCell>
              <TableCell data-label="Joined" className="px-1.5">
                <JoinedTime iso={entry.joinedAt.toISOString()} />
              </TableCell>
              <TableCell data-label="Confirmed" className="px-1.5">
                {entry.confirmedAt ? (
                  <Badge variant="success">
                    <time dateTime={entry.confirmedAt.toISOString()}>Confirmed</time>
                  </Badge>
                ) : (
                  <Badge variant="muted">Not yet</Badge>
                )}
              </TableCell>
              <TableCell data-label="Status" className="px-1.5">
                {/* A held entry is waiting too, but not yet on the list: that is what the team needs to see. */}
                {entry.heldAt ? (
                  <HeldStatus reason={entry.heldReason ?? null} />
                ) : (
                  <StatusBadge status={entry.status} />
                )}
              </TableCell>
              <TableCell data-label="Referrals" className="px-1.5 text-right tabular-nums">
                {formatNumber(entry.referrals)}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
