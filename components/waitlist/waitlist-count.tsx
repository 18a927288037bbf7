"use client";

import { useWaitlistCount } from "@/components/waitlist/use-waitlist-count";
import { waitlistCopy } from "@/components/waitlist/waitlist-copy";

/**
 * A count with en-GB digit grouping (`1,234`). Written out rather than with Intl.NumberFormat: creating that
 * formatter loads locale data, about 20 ms of main-thread time on a phone, in the landing page's first load.
 */
export function formatCount(count: number): string {
  return Math.trunc(count)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The count line; it reads 'Many businesses ...' while the count loads or when it cannot be had. */
export function WaitlistCount({ className }: { className?: string }) {
  const { data, isSuccess } = useWaitlistCount();
  const count = isSuccess ? formatCount(data) : waitlistCopy.countFallback;
  return (
    <p className={className} data-testid="waitlist-count">
      {waitlistCopy.countLine(count)}
    </p>
  );
}
