"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

import { usePrefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import { formatNumber, utcDayDate, utcShortDay, utcWeekdayDate } from "@/lib/format";

export interface ChartDay {
  day: string;
  signups: number;
}

/**
 * Signups per UTC day as bars. Recharts' accessibility layer makes the chart one tab stop whose arrow keys
 * move the tooltip from day to day; the same figures are in the table beside it for screen readers.
 */
export default function SignupsChart({ days }: { days: ChartDay[] }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <BarChart
      data={days}
      accessibilityLayer
      responsive
      style={{ width: "100%", height: 288 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      title="Signups per day (UTC)"
    >
      <CartesianGrid vertical={false} stroke="var(--color-border)" />
      <XAxis
        dataKey="day"
        tickFormatter={(day: string) => utcShortDay.format(utcDayDate(day))}
        tickLine={false}
        axisLine={false}
        minTickGap={24}
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
        labelFormatter={(day) => `${utcWeekdayDate.format(utcDayDate(String(day)))} (UTC)`}
        formatter={(value) => [formatNumber(Number(value)), "Signups"]}
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
        isAnimationActive={!reducedMotion}
      />
    </BarChart>
  );
}
