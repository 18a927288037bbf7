/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { JoinedTime } from "@/components/admin/waitlist/joined-time";

describe("JoinedTime", () => {
  it("shows the long date, and on keyboard focus the time and how long ago", async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    render(<JoinedTime iso={twoHoursAgo.toISOString()} />);
    const time = screen.getByText(new Intl.DateTimeFormat("en-GB", { dateStyle: "long" }).format(twoHoursAgo));
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("tabindex", "0");

    await act(async () => time.focus());
    const hhmm = `${String(twoHoursAgo.getHours()).padStart(2, "0")}:${String(twoHoursAgo.getMinutes()).padStart(2, "0")}`;
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent(`at ${hhmm}`);
    expect(tooltip).toHaveTextContent("about 2 hours ago");
  });
});
