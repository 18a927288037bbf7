import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { duringText } from "@/components/admin/overview/widgets";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import type { RangeBounds } from "@/lib/data/overview";
import { tryOttoOverview, type TryOttoOverview } from "@/lib/data/try-otto";
import { formatNumber, formatPercent } from "@/lib/format";
import { readTryOttoConfig } from "@/lib/try-otto/config";
import { NANOS_PER_USD } from "@/lib/try-otto/prices";
import type { OverviewRange } from "@/lib/validation/overview";
import type { TryOttoCardKind } from "@/lib/validation/try-otto";

// The overview's live demo widget ("Try it with your own words" on the landing page): how much it was used, what
// it cost against the day's budget, what refused it and which cards people saw. Nothing anyone typed is kept.

const CARD_LABELS: Record<TryOttoCardKind, string> = {
  quote: "Quotes",
  invoice: "Invoices",
  booking: "Bookings",
  reminder: "Reminders",
  customer: "Customers",
  jobs: "Job lists",
};

const dollars = (nanos: number) => `$${(nanos / NANOS_PER_USD).toFixed(nanos > 0 && nanos < 10_000_000 ? 4 : 2)}`;

/** The live demo's figures, once read (the widget's body). */
export function TryOttoFigures({
  figures,
  budgetNanos,
  range,
}: {
  figures: TryOttoOverview;
  budgetNanos: number | null;
  range: OverviewRange;
}) {
  const { today, range: sums } = figures;
  const refusals = [
    ["No valid proof of work", sums.refusals.proof],
    ["Network's 3 a day used", sums.refusals.network],
    ["Day's budget spent", sums.refusals.budget],
    ["Provider failed or timed out", sums.failed],
    ["Off-topic (fixed answer)", sums.offTopic],
  ] as const;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-md bg-muted/50 p-3">
          <dt className="text-sm font-medium">Conversations today</dt>
          <dd className="text-2xl font-semibold tabular-nums">{formatNumber(today.conversations)}</dd>
        </div>
        <div className="rounded-md bg-muted/50 p-3">
          <dt className="text-sm font-medium">Spent today</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="try-otto-spend">
            {budgetNanos
              ? `${dollars(today.spentNanos)} of ${dollars(budgetNanos)} (${formatPercent(today.spentNanos / budgetNanos)})`
              : dollars(today.spentNanos)}
          </dd>
        </div>
        <div className="rounded-md bg-muted/50 p-3">
          <dt className="text-sm font-medium">Conversations {duringText(range)}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{formatNumber(sums.conversations)}</dd>
          <dd className="text-sm text-muted-foreground">
            {formatNumber(sums.calls)} model calls, {dollars(sums.spentNanos)}
          </dd>
        </div>
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">Answered without the model {duringText(range)}</h3>
          <ul className="grid gap-1 text-sm">
            {refusals.map(([label, count]) => (
              <li key={label} className="flex justify-between gap-3">
                <span>{label}</span>
                <span className="tabular-nums">{formatNumber(count)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">Cards shown {duringText(range)}</h3>
          <ul className="grid gap-1 text-sm">
            {(Object.keys(CARD_LABELS) as TryOttoCardKind[]).map((kind) => (
              <li key={kind} className="flex justify-between gap-3">
                <span>{CARD_LABELS[kind]}</span>
                <span className="tabular-nums">{formatNumber(sums.cards[kind])}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

/** The live demo widget: shown when the demo is configured, or has figures in the range. */
export async function TryOttoCard({ bounds, range }: { bounds: RangeBounds; range: OverviewRange }) {
  const admin = await requireCurrentAdmin();
  const config = readTryOttoConfig();
  const figures = await readSection("the overview's live demo figures", () => tryOttoOverview(admin, bounds));
  if (figures && !config && figures.range.calls === 0 && figures.today.conversations === 0) return null;
  return (
    <section aria-labelledby="try-otto-heading" className="grid content-start gap-3 rounded-lg border bg-card p-4">
      <h2 id="try-otto-heading" className="text-base font-semibold">
        Live demo (Try it with your own words)
      </h2>
      {figures === null ? (
        <LoadFailed
          toastId="overview-try-otto"
          toastTitle="Failed to load the overview"
          text="The live demo's figures could not be loaded."
        />
      ) : (
        <TryOttoFigures figures={figures} budgetNanos={config?.budgetNanos ?? null} range={range} />
      )}
    </section>
  );
}
