"use client";

import dynamic from "next/dynamic";

import { LoadingStatus } from "@/components/admin/kit/section";
import type { ChartDay } from "@/components/admin/overview/signups-chart";

// The chart library loads only here, on the overview, after the page's own figures are on screen.
const SignupsChart = dynamic(() => import("@/components/admin/overview/signups-chart"), {
  ssr: false,
  loading: () => <LoadingStatus text="Loading the chart..." className="h-72" />,
});

export function SignupsChartIsland({ days }: { days: ChartDay[] }) {
  return <SignupsChart days={days} />;
}
