"use client";

import { useWaitlistCount } from "@/components/waitlist/use-waitlist-count";
import { WaitlistCountLine } from "@/components/waitlist/waitlist-count-line";
import { WaitlistQueryProvider } from "@/components/waitlist/waitlist-query-provider";

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
  return <WaitlistCountLine className={className} count={isSuccess ? formatCount(data) : undefined} />;
}

/** The count with the query client it needs: what the lazy count island loads. */
export function WaitlistCountWithQuery({ className }: { className?: string }) {
  return (
    <WaitlistQueryProvider>
      <WaitlistCount className={className} />
    </WaitlistQueryProvider>
  );
}
