import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import Link from "next/link";

import { buttonVariants } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The last page, or null while the total is only a lower bound (a broad search counts no further). */
export function lastPageOf(total: number, pageSize: number, totalIsExact = true): number | null {
  return totalIsExact ? Math.max(1, Math.ceil(total / pageSize)) : null;
}

function PageLink({
  label,
  icon,
  href,
  disabled,
}: {
  label: string;
  icon: React.ReactNode;
  href: string;
  disabled: boolean;
}) {
  const className = cn(
    buttonVariants({ variant: "outline", size: "icon" }),
    disabled && "pointer-events-none opacity-50",
  );
  if (disabled) {
    return (
      <span role="link" aria-disabled="true" aria-label={label} className={className}>
        {icon}
      </span>
    );
  }
  return (
    <Link href={href} aria-label={label} className={className}>
      {icon}
    </Link>
  );
}

interface PaginationProps {
  page: number;
  /** Null when the total is not known exactly: then there is no "of y" and no last-page link. */
  lastPage: number | null;
  /** The address of another page of the same list (same filters and order). */
  hrefFor: (page: number) => string;
}

/**
 * Page controls: first, previous, "Page x of y", next, last. They are links, so each page has its own URL and
 * Back steps through them; an end that is not there is shown, but marked unavailable.
 */
export function Pagination({ page, lastPage, hrefFor }: PaginationProps) {
  const hasNext = lastPage === null || page < lastPage;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-end gap-2">
      <PageLink
        label="First page"
        icon={<ChevronsLeftIcon aria-hidden="true" />}
        href={hrefFor(1)}
        disabled={page <= 1}
      />
      <PageLink
        label="Previous page"
        icon={<ChevronLeftIcon aria-hidden="true" />}
        href={hrefFor(page - 1)}
        disabled={page <= 1}
      />
      <p className="min-w-28 px-2 text-center text-sm tabular-nums">
        Page {formatNumber(page)}
        {lastPage !== null && ` of ${formatNumber(lastPage)}`}
      </p>
      <PageLink
        label="Next page"
        icon={<ChevronRightIcon aria-hidden="true" />}
        href={hrefFor(page + 1)}
        disabled={!hasNext}
      />
      {lastPage !== null && (
        <PageLink
          label="Last page"
          icon={<ChevronsRightIcon aria-hidden="true" />}
          href={hrefFor(lastPage)}
          disabled={page >= lastPage}
        />
      )}
    </nav>
  );
}
