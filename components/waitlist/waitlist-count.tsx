"use client";

import { useWaitlistCount } from "@/components/waitlist/use-waitlist-count";
import { WaitlistCountLine } from "@/components/waitlist/waitlist-count-line";
import { WaitlistQueryProvider } from "@/components/waitlist/waitlist-query-provider";
import { groupDigits } from "@/lib/group-digits";

/** A count with en-GB digit grouping (`1,234`), without Intl (see groupDigits). */
export function formatCount(count: number): string {
  return groupDigits(Math.trunc(count));
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
