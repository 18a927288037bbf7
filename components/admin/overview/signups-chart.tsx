"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

import {
  evenTicks,
  tickLabel,
  tooltipLabel,
  type ChartPoint,
  type ChartUnit,
} from "@/components/admin/overview/chart-axis";
import { usePrefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import { formatNumber } from "@/lib/format";

/**
 * Signups per UTC day, or per hour of today, as bars. Recharts' accessibility layer makes the chart one tab
 * stop whose arrow keys move the tooltip from bar to bar; the same figures are in the table beside it for
 * screen readers. The axis labels are evenly spaced (chosen here, not left to Recharts, which drops labels
 * unevenly to avoid overlaps), and a bar is never wider than a bar looks: a range of few points stays a
 * chart rather than one slab.
 */
export default function SignupsChart({ points, unit }: { points: ChartPoint[]; unit: ChartUnit }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <BarChart
      data={points}
      accessibilityLayer
      responsive
      style={{ width: "100%", height: 288 }}
      // Room at the right for the last day's label, centred under the last bar ("28 Nov", not "28 No").
      margin={{ top: 8, right: 24, bottom: 0, left: 0 }}
      title={unit === "hour" ? "Signups by hour today (UTC)" : "Signups per day (UTC)"}
    >
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis
        dataKey="at"
        ticks={evenTicks(points, unit)}
        interval={0}
        tickFormatter={(at: string) => tickLabel(at, unit)}
        tickLine={false}
        axisLine={false}
        tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
      />
      <YAxis
        allowDecimals={false}
        tickLine={false}
        axisLine={false}
        width={48}
        tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
      />
      <Tooltip
        cursor={{ fill: "var(--color-muted)" }}
        labelFormatter={(at) => tooltipLabel(String(at), unit)}
        formatter={(value) => [formatNumber(Number(value)), "Signups"]}
        separator=": "
        contentStyle={{
          background: "var(--color-popover)",
          color: "var(--color-popover-foreground)",
          border: "1px solid var(--color-border)",
          borderRadius: 8,
        }}
      />
      <Bar
        dataKey="signups"
        name="Signups"
        fill="var(--color-primary)"
        radius={[3, 3, 0, 0]}
        maxBarSize={48}
        isAnimationActive={!reducedMotion}
      />
    </BarChart>
  );
}
