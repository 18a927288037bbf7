import Link from "next/link";

import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { SignupsFigures } from "@/components/admin/overview/signups-figures";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import {
  overviewBreakdown,
  overviewHeadline,
  overviewSignupsPerDay,
  overviewSignupsPerHour,
  type Breakdown,
  type Compared,
  type RangeBounds,
} from "@/lib/data/overview";
import { formatNumber, formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";
import { OVERVIEW_RANGES, RANGE_LABELS, type OverviewRange } from "@/lib/validation/overview";
import { businessTypeLabel, DIRECT_SOURCE, teamSizeLabel } from "@/lib/validation/waitlist";

// The widgets of the owner's overview. Each reads its own figures (as the signed-in admin), so each appears as
// soon as it is ready and a failure stays inside its own card.

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Runs one widget's query; a failure shows that widget's error, not the whole page's. */
const load = <T,>(what: string, read: () => Promise<T>) => readSection(`the overview's ${what}`, read);

const failed = (what: string) => (
  <LoadFailed
    toastId={`overview-${what}`}
    toastTitle="Failed to load the overview"
    text={`The ${what} could not be loaded.`}
  />
);

export function periodText(range: OverviewRange) {
  if (range === "today") return "today (UTC)";
  return range === "all" ? "all time" : `the last ${RANGE_LABELS[range]}`;
}

/** When, after a verb: "today (UTC)", "in the last 7 days", "at any time" (never "in today"). */
export function duringText(range: OverviewRange) {
  if (range === "today") return "today (UTC)";
  return range === "all" ? "at any time" : `in ${periodText(range)}`;
}

/** When the figure compared with was: "yesterday", or "in the 7 days before". */
function previousText(range: OverviewRange) {
  return range === "today" ? "yesterday" : `in the ${RANGE_LABELS[range]} before`;
}

function Change({
  current,
  previous,
  range,
  format = formatNumber,
}: {
  current: number;
  previous: number | null;
  range: OverviewRange;
  format?: (value: number) => string;
}) {
  if (previous === null) return <p className="text-sm text-muted-foreground">Since the first signup</p>;
  const change = previous === 0 ? null : (current - previous) / previous;
  return (
    <p className="text-sm text-muted-foreground">
      {`${format(previous)} ${previousText(range)}`}
      {change !== null && (
        <span className={cn("ml-1 font-medium", change >= 0 ? "text-success" : "text-destructive")}>
          ({change >= 0 ? "+" : "−"}
          {formatPercent(Math.abs(change))})
        </span>
      )}
    </p>
  );
}

function Card({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cn("grid content-start gap-2 rounded-lg border bg-card p-4", className)}>
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}

export async function Headline({ bounds, range }: { bounds: RangeBounds; range: OverviewRange }) {
  const admin = await requireCurrentAdmin();
  const headline = await load("headline figures", () => overviewHeadline(admin, bounds));
  if (!headline) return failed("headline figures");
  const current = rate(headline.confirmed.current, headline.signups.current);
  const previous =
    headline.signups.previous === null ? null : rate(headline.confirmed.previous ?? 0, headline.signups.previous);
  const figure = (title: string, figures: Compared, what: string) => (
    <Card title={title}>
      <p className="text-3xl font-semibold tabular-nums">
        {formatNumber(figures.current)} <span className="sr-only">{what}</span>
      </p>
      <Change current={figures.current} previous={figures.previous} range={range} />
    </Card>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Card title="Signups">
        <p className="text-3xl font-semibold tabular-nums">
          {formatNumber(headline.signups.current)} <span className="sr-only">joined the list</span>
        </p>
        <Change current={headline.signups.current} previous={headline.signups.previous} range={range} />
        {headline.held > 0 && (
          <p className="text-sm text-muted-foreground">
            <Link href="/admin?held=yes" className="underline underline-offset-4 hover:text-foreground">
              {formatNumber(headline.held)} more held for review
            </Link>
          </p>
        )}
      </Card>
      <Card title="Confirmed rate">
        <p className="text-3xl font-semibold tabular-nums">{current === null ? "–" : formatPercent(current)}</p>
        <p className="text-sm text-muted-foreground">
          {formatNumber(headline.confirmed.current)} of {formatNumber(headline.signups.current)} confirmed their address
        </p>
        {previous !== null && (
          <p className="text-sm text-muted-foreground">{`${formatPercent(previous)} ${previousText(range)}`}</p>
        )}
      </Card>
      {figure("Invited", headline.invited, "invitations sent")}
      {figure("Accepted", headline.accepted, "invitations opened")}
    </div>
  );
}

/** Signups per UTC day of the range, or, for today, per hour so far. */
export async function SignupsPerDay({ bounds, range }: { bounds: RangeBounds; range: OverviewRange }) {
  const admin = await requireCurrentAdmin();
  if (range === "today") {
    const hours = await load("signups by hour", () => overviewSignupsPerHour(admin));
    if (!hours) return failed("signups by hour");
    return <SignupsFigures unit="hour" points={hours.map(({ hour, signups }) => ({ at: hour, signups }))} />;
  }
  const days = await load("signups per day", () => overviewSignupsPerDay(admin, bounds));
  if (!days) return failed("signups per day");
  return <SignupsFigures unit="day" points={days.map(({ day, signups }) => ({ at: day, signups }))} />;
}

const BREAKDOWNS = {
  businessType: { title: "By business type", param: "type", label: businessTypeLabel },
  employees: { title: "By team size", param: "size", label: teamSizeLabel },
  source: {
    title: "By source",
    param: "source",
    label: (key: string) => (key === DIRECT_SOURCE ? "Direct (no source)" : key),
  },
} as const;

export async function BreakdownCard({ bounds, by }: { bounds: RangeBounds; by: keyof typeof BREAKDOWNS }) {
  const admin = await requireCurrentAdmin();
  const { title, param, label } = BREAKDOWNS[by];
  const rows = await load(title.toLowerCase(), () => overviewBreakdown(admin, bounds, by));
  return (
    <Card title={title}>
      {rows === null ? (
        failed(title.toLowerCase())
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No signups in this period.</p>
      ) : (
        <BreakdownList rows={rows} param={param} label={label} />
      )}
    </Card>
  );
}

function BreakdownList({ rows, param, label }: { rows: Breakdown[]; param: string; label: (key: string) => string }) {
  const total = rows.reduce((sum, row) => sum + row.signups, 0);
  return (
    <ul className="grid gap-2" data-testid="breakdown">
      {rows.map((row) => {
        const share = row.signups / total;
        return (
          <li key={row.key} className="grid gap-1 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              {row.rest ? (
                <span className="text-muted-foreground">Other sources</span>
              ) : (
                <Link
                  href={`/admin?${new URLSearchParams({ [param]: row.key })}`}
                  className="min-w-0 truncate underline-offset-4 hover:underline"
                >
                  {label(row.key)}
                </Link>
              )}
              <span className="shrink-0 tabular-nums">
                {formatNumber(row.signups)} <span className="text-muted-foreground">({formatPercent(share)})</span>
              </span>
            </div>
            <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(share * 100, 0.5)}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function RangePicker({ range }: { range: OverviewRange }) {
  return (
    <nav aria-label="Period" className="max-sm:w-full">
      {/* On a phone the five periods share one row, each as wide as its words ("All time" never wraps alone). */}
      <ul className="flex flex-wrap gap-0.5 rounded-lg bg-muted p-1 sm:inline-flex sm:gap-1">
        {OVERVIEW_RANGES.map((option) => (
          <li key={option} className="max-sm:flex-auto">
            <Link
              href={option === "30" ? "/admin/overview" : `/admin/overview?range=${option}`}
              aria-current={option === range ? "page" : undefined}
              className={cn(
                "inline-flex h-8 w-full items-center justify-center rounded-md px-1.5 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:px-3",
                option === range
                  ? "bg-background text-foreground shadow-sm"
                  : "text-muted-foreground hover:text-foreground",
              )}
            >
              {RANGE_LABELS[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
