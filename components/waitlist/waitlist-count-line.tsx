import { waitlistCopy } from "@/content/waitlist";

/** "1,234 businesses have already joined the waiting list" ("1 business has ..."), or "Many businesses ..." without a count. */
export function WaitlistCountLine({ count, className }: { count?: string; className?: string }) {
  return (
    <p className={className} data-testid="waitlist-count">
      {waitlistCopy.countLine(count ?? waitlistCopy.countFallback)}
    </p>
  );
}
