import Link from "next/link";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";

import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { waitlistViewSearch, type WaitlistViewState } from "@/lib/validation/waitlist-query";
import { formatNumber } from "@/lib/format";


interface WaitlistPaginationProps {
  view: WaitlistViewState;
  pageSize: number;
  total: number;
  totalIsExact: boolean;
}

/** The last page, or null while a broad search's total is only a lower bound. */
export function lastPageOf(total: number, pageSize: number, totalIsExact: boolean): number | null {
  return totalIsExact ? Math.max(1, Math.ceil(total / pageSize)) : null;
}

function PageLink({ label, icon, view, target, disabled }: { label: string; icon: React.ReactNode; view: WaitlistViewState; target: number; disabled: boolean }) {
  const className = cn(buttonVariants({ variant: "outline", size: "icon" }), disabled && "pointer-events-none opacity-50");
  if (disabled) {
    return (
      <span role="link" aria-disabled="true" aria-label={label} className={className}>
        {icon}
      </span>
    );
  }
  return (
    <Link href={`?${waitlistViewSearch({ ...view, page: target })}`} aria-label={label} className={className}>
      {icon}
    </Link>
  );
}

/**
 * Page controls: first, previous, "Page x of y", next, last (last only when the total is exact). They are
 * links, so each page has its own URL and Back steps through them.
 */
export function WaitlistPagination({ view, pageSize, total, totalIsExact }: WaitlistPaginationProps) {
  const { page } = view;
  const lastPage = lastPageOf(total, pageSize, totalIsExact);
  const hasNext = lastPage === null || page < lastPage;
  return (
    <nav aria-label="Pagination" className="flex items-center gap-2">
      <PageLink label="First page" icon={<ChevronsLeftIcon aria-hidden="true" />} view={view} target={1} disabled={page <= 1} />
      <PageLink label="Previous page" icon={<ChevronLeftIcon aria-hidden="true" />} view={view} target={page - 1} disabled={page <= 1} />
      <p className="min-w-28 px-2 text-center text-sm tabular-nums">
        Page {formatNumber(page)}
        {lastPage !== null && ` of ${formatNumber(lastPage)}`}
      </p>
      <PageLink label="Next page" icon={<ChevronRightIcon aria-hidden="true" />} view={view} target={page + 1} disabled={!hasNext} />
      {lastPage !== null && (
        <PageLink label="Last page" icon={<ChevronsRightIcon aria-hidden="true" />} view={view} target={lastPage} disabled={page >= lastPage} />
      )}
    </nav>
  );
}
