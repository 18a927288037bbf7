import type { BookingStatus, InvoiceStatus, QuoteStatus, SlotStatus } from "@/content/demo/types";
import { cn } from "@/lib/utils";

export type StatusTone = "yellow" | "green" | "red" | "blue" | "grey";

/** The colour of each status the demos' cards and documents show. */
export const STATUS_TONES = {
  invoice: { pending: "yellow", paid: "green", overdue: "red" },
  booking: { scheduled: "blue", completed: "green", cancelled: "red" },
  quote: { pending: "blue" },
  slot: { available: "green", booked: "grey" },
} as const satisfies {
  invoice: Record<InvoiceStatus, StatusTone>;
  booking: Record<BookingStatus, StatusTone>;
  quote: Record<QuoteStatus, StatusTone>;
  slot: Record<SlotStatus, StatusTone>;
};

/** Every pair here passes WCAG AA (4.5:1) for small text. */
const toneClasses: Record<StatusTone, { badge: string; dot: string }> = {
  yellow: { badge: "bg-amber-100 text-amber-900 ring-amber-600/25", dot: "bg-amber-500" },
  green: { badge: "bg-emerald-100 text-emerald-900 ring-emerald-600/25", dot: "bg-emerald-600" },
  red: { badge: "bg-red-100 text-red-900 ring-red-600/25", dot: "bg-red-600" },
  blue: { badge: "bg-blue-100 text-blue-900 ring-blue-600/25", dot: "bg-blue-600" },
  grey: { badge: "bg-slate-100 text-slate-700 ring-slate-500/25", dot: "bg-slate-400" },
};

type StatusProps =
  | { kind: "invoice"; status: InvoiceStatus }
  | { kind: "booking"; status: BookingStatus }
  | { kind: "quote"; status: QuoteStatus }
  | { kind: "slot"; status: SlotStatus };

export function statusTone(props: StatusProps): StatusTone {
  const tones: Record<string, StatusTone> = STATUS_TONES[props.kind];
  return tones[props.status] ?? "grey";
}

/** A status with its colour and its word: colour is never the only signal. */
export function StatusBadge({ className, ...props }: StatusProps & { className?: string }) {
  const tone = toneClasses[statusTone(props)];
  return (
    <span
      data-tone={statusTone(props)}
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-semibold capitalize ring-1 ring-inset",
        tone.badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", tone.dot)} />
      {props.status}
    </span>
  );
}
