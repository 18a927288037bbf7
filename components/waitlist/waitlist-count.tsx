"use client";

import { useWaitlistCount } from "@/components/waitlist/use-waitlist-count";
import { waitlistCopy } from "@/components/waitlist/waitlist-copy";

const numberFormat = new Intl.NumberFormat("en-GB");

/** The count line; it reads 'Many businesses ...' while the count loads or when it cannot be had. */
export function WaitlistCount({ className }: { className?: string }) {
  const { data, isSuccess } = useWaitlistCount();
  const count = isSuccess ? numberFormat.format(data) : waitlistCopy.countFallback;
  return (
    <p className={className} data-testid="waitlist-count">
      {waitlistCopy.countLine(count)}
    </p>
  );
}
