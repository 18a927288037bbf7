import type { BroadcastSummary } from "@/lib/data/broadcasts";
import { formatNumber } from "@/lib/format";

/** A broadcast's queued, sent, failed and left-after-it counts, as a list of terms. */
export function BroadcastCounts({ broadcast }: { broadcast: BroadcastSummary }) {
  const counts = [
    { label: "Queued", value: broadcast.queued },
    { label: "Sent", value: broadcast.sent },
    { label: "Failed", value: broadcast.failed },
    { label: "Waiting", value: broadcast.waiting },
    { label: "Left after this email", value: broadcast.left },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {counts.map(({ label, value }) => (
        <div key={label} className="rounded-md border p-3" data-count={label}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{value === null ? "–" : formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
