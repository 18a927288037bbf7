/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";

import { evenTicks, hourSpan, MAX_TICKS, tickLabel, type ChartPoint } from "@/components/admin/overview/chart-axis";
import { SignupsFigures } from "@/components/admin/overview/signups-figures";

// The chart itself (Recharts, loaded in the browser) is covered end to end; here, what it is given.
jest.mock("@/components/admin/overview/signups-chart-island", () => ({
  SignupsChartIsland: ({ points, unit }: { points: ChartPoint[]; unit: string }) => (
    <div data-testid="chart" data-unit={unit} data-points={points.length} />
  ),
}));

const days = (count: number): ChartPoint[] =>
  Array.from({ length: count }, (_, index) => ({
    at: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    signups: index % 3,
  }));
const hours = (count: number): ChartPoint[] =>
  Array.from({ length: count }, (_, hour) => ({
    at: `2026-11-26T${String(hour).padStart(2, "0")}:00:00.000Z`,
    signups: hour,
  }));

describe("the signups chart's axis", () => {
  it("labels evenly spaced points, counted back from the latest, never more than a few", () => {
    for (const count of [1, 5, 7, 8, 30, 90, 365, 1000]) {
      const points = days(count);
      const ticks = evenTicks(points, "day");
      const indexes = ticks.map((tick) => points.findIndex((point) => point.at === tick));
      expect(ticks.length).toBeLessThanOrEqual(MAX_TICKS);
      expect(ticks.at(-1)).toBe(points.at(-1)!.at);
      const gaps = new Set(indexes.slice(1).map((index, i) => index - indexes[i]!));
      expect(gaps.size).toBeLessThanOrEqual(1);
    }
    expect(evenTicks(days(7), "day")).toHaveLength(7);
    expect(evenTicks(days(30), "day").map((day) => day.slice(8))).toEqual(["02", "09", "16", "23", "30"]);
    expect(evenTicks(hours(24), "hour").map((at) => tickLabel(at, "hour"))).toEqual([
      "02:00",
      "05:00",
      "08:00",
      "11:00",
      "14:00",
      "17:00",
      "20:00",
      "23:00",
    ]);
    expect(hourSpan("2026-11-26T23:00:00.000Z")).toBe("23:00–00:00");
  });
});

describe("SignupsFigures", () => {
  it("says there are no signups yet rather than drawing an empty grid", () => {
    render(<SignupsFigures unit="hour" points={hours(5).map((point) => ({ ...point, signups: 0 }))} />);
    expect(screen.getByText("No signups yet")).toBeInTheDocument();
    expect(screen.queryByTestId("chart")).not.toBeInTheDocument();
    expect(screen.queryByText("Show the figures as a table")).not.toBeInTheDocument();
  });

  it("draws today's hours, with the same figures in a table", () => {
    render(<SignupsFigures unit="hour" points={hours(3)} />);
    expect(screen.getByTestId("chart")).toHaveAttribute("data-unit", "hour");
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Hour (UTC)", "Signups"]);
    expect(
      within(screen.getByTestId("signups-per-day"))
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["00:00–01:000", "01:00–02:001", "02:00–03:002"]);
    expect(screen.getByRole("region", { name: "Signups by hour today" })).toBeInTheDocument();
  });

  it("draws days with their long dates in the table", () => {
    render(<SignupsFigures unit="day" points={days(2)} />);
    expect(screen.getByTestId("chart")).toHaveAttribute("data-points", "2");
    expect(screen.getByText("2 January 2026")).toBeInTheDocument();
    expect(screen.queryByText("No signups yet")).not.toBeInTheDocument();
  });
});
