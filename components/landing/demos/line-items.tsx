import type { LineItem } from "@/content/demo/types";
import { formatMoney } from "@/lib/demo/format";

/** Line items with their amounts and the total (computed by the sample data, shown here). */
export function LineItems({
  items,
  total,
  totalLabel = "Total",
}: {
  items: readonly LineItem[];
  total: number;
  totalLabel?: string;
}) {
  return (
    <div className="rounded-xl border border-border/70">
      <ul className="divide-y divide-border/70">
        {items.map((item) => (
          <li key={item.name} className="flex items-start justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="text-[13px] font-medium leading-snug">{item.name}</p>
              <p className="text-xs text-muted-foreground">
                {item.quantity} × {formatMoney(item.price)}
              </p>
            </div>
            <p className="text-[13px] font-medium tabular-nums">{formatMoney(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between rounded-b-xl bg-muted px-3 py-2">
        <p className="text-[13px] font-semibold">{totalLabel}</p>
        <p className="text-base font-semibold tabular-nums" data-testid="document-total">
          {formatMoney(total)}
        </p>
      </div>
    </div>
  );
}
