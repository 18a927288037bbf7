"use client";

import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const number = new Intl.NumberFormat("en-GB");

interface WaitlistPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  totalIsExact: boolean;
  onPage: (page: number) => void;
}

/** The last page, or null while a broad search's total is only a lower bound. */
export function lastPageOf(total: number, pageSize: number, totalIsExact: boolean): number | null {
  return totalIsExact ? Math.max(1, Math.ceil(total / pageSize)) : null;
}

function PageButton({
  label,
  icon,
  target,
  disabled,
  onPage,
}: {
  label: string;
  icon: React.ReactNode;
  target: number;
  disabled: boolean;
  onPage: (page: number) => void;
}) {
  // aria-disabled rather than disabled: a button that just became unusable (Next on the last page)
  // keeps keyboard focus instead of dropping it to the top of the document.
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cn(disabled && "cursor-not-allowed opacity-50 hover:bg-background")}
      onClick={() => {
        if (!disabled) onPage(target);
      }}
    >
      {icon}
    </Button>
  );
}

/** Page controls: first, previous, "Page x of y", next, last (last only when the total is exact). */
export function WaitlistPagination({ page, pageSize, total, totalIsExact, onPage }: WaitlistPaginationProps) {
  const lastPage = lastPageOf(total, pageSize, totalIsExact);
  const hasNext = lastPage === null || page < lastPage;
  return (
    <nav aria-label="Pagination" className="flex items-center gap-2">
      <PageButton label="First page" icon={<ChevronsLeftIcon aria-hidden="true" />} target={1} disabled={page <= 1} onPage={onPage} />
      <PageButton label="Previous page" icon={<ChevronLeftIcon aria-hidden="true" />} target={page - 1} disabled={page <= 1} onPage={onPage} />
      <p className="min-w-28 px-2 text-center text-sm tabular-nums">
        Page {number.format(page)}
        {lastPage !== null && ` of ${number.format(lastPage)}`}
      </p>
      <PageButton label="Next page" icon={<ChevronRightIcon aria-hidden="true" />} target={page + 1} disabled={!hasNext} onPage={onPage} />
      {lastPage !== null && (
        <PageButton label="Last page" icon={<ChevronsRightIcon aria-hidden="true" />} target={lastPage} disabled={page >= lastPage} onPage={onPage} />
      )}
    </nav>
  );
}
