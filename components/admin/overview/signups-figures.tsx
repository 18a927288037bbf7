"use client";

import { hourSpan, type ChartPoint, type ChartUnit } from "@/components/admin/overview/chart-axis";
import { SignupsChartIsland } from "@/components/admin/overview/signups-chart-island";
import { formatNumber, utcDayDate, utcLongDate } from "@/lib/format";

/**
 * The period's signups as a chart and, behind "Show the figures as a table", the same numbers; a period
 * without any says so instead of drawing an empty grid. A client component, though nothing here is
 * interactive, so the page carries the points once, as the chart's data, and the table is rendered from
 * them: rendered on the server, each of a year's rows would also be sent again as page data, and its
 * cells' classes with it (most of the overview's HTML over all time). The table is still in the server's HTML.
 */
export function SignupsFigures({ points, unit }: { points: ChartPoint[]; unit: ChartUnit }) {
  if (points.every((point) => point.signups === 0)) {
    return (
      <div className="flex h-72 flex-col items-center justify-center gap-1 rounded-md border border-dashed text-center">
        <p className="font-medium">No signups yet</p>
        <p className="text-sm text-muted-foreground">
          {unit === "hour" ? "Today's signups appear here hour by hour." : "Signups appear here day by day."}
        </p>
      </div>
    );
  }
  const what = unit === "hour" ? "Signups by hour today" : "Signups per day";
  return (
    <>
      <SignupsChartIsland points={points} unit={unit} />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
          Show the figures as a table
        </summary>
        <div className="mt-3 max-h-80 overflow-y-auto rounded-md border" role="region" aria-label={what} tabIndex={0}>
          <table className="w-full text-sm">
            <caption className="sr-only">{what} (UTC)</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {unit === "hour" ? "Hour (UTC)" : "Day (UTC)"}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Signups
                </th>
              </tr>
            </thead>
            {/* The rows' and cells' classes are set once here rather than on each of up to a year of rows. */}
            <tbody
              data-testid="signups-per-day"
              className="*:border-t [&_td]:px-3 [&_td]:py-1.5 [&_td+td]:text-right [&_td+td]:tabular-nums"
            >
              {points.map(({ at, signups }) => (
                <tr key={at}>
                  <td>
                    <time dateTime={at}>{unit === "hour" ? hourSpan(at) : utcLongDate.format(utcDayDate(at))}</time>
                  </td>
                  <td>{formatNumber(signups)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
