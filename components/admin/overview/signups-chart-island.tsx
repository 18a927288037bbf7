"use client";

import dynamic from "next/dynamic";

import { LoadingStatus } from "@/components/admin/kit/section";
import type { ChartPoint, ChartUnit } from "@/components/admin/overview/chart-axis";

// The chart library loads only here, on the overview, after the page's own figures are on screen.
const SignupsChart = dynamic(() => import("@/components/admin/overview/signups-chart"), {
  ssr: false,
  loading: () => <LoadingStatus text="Loading the chart..." className="h-72" />,
});

export function SignupsChartIsland({ points, unit }: { points: ChartPoint[]; unit: ChartUnit }) {
  return <SignupsChart points={points} unit={unit} />;
}
