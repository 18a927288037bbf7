/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";

import { STATUS_TONES, StatusBadge } from "@/components/landing/demos/status-badge";

/** The demos' status colours, written out here rather than read back from the component. */
const EXPECTED_TONES = [
  ["invoice", "pending", "yellow"],
  ["invoice", "paid", "green"],
  ["invoice", "overdue", "red"],
  ["booking", "scheduled", "blue"],
  ["booking", "completed", "green"],
  ["booking", "cancelled", "red"],
  ["quote", "pending", "blue"],
  ["slot", "available", "green"],
  ["slot", "booked", "grey"],
] as const;

type BadgeProps = Parameters<typeof StatusBadge>[0];

describe("StatusBadge", () => {
  it("has exactly these statuses and colours", () => {
    const table = Object.entries(STATUS_TONES).flatMap(([kind, tones]) =>
      Object.entries(tones).map(([status, tone]) => [kind, status, tone]),
    );
    expect(table).toEqual(EXPECTED_TONES.map((row) => [...row]));
  });

  it.each(EXPECTED_TONES)("%s %s is %s, with its word beside the colour", (kind, status, tone) => {
    render(<StatusBadge {...({ kind, status } as BadgeProps)} />);
    const badge = screen.getByText(status);
    expect(badge).toHaveAttribute("data-tone", tone);
    expect(badge).toBeVisible();
    // The coloured dot is decorative; the status word is the label.
    expect(badge.querySelector("[aria-hidden='true']")).not.toBeNull();
    expect(badge).toHaveTextContent(new RegExp(`^${status}$`));
  });

  it("gives each colour its own styling", () => {
    const classes = new Map<string, string>();
    for (const [kind, status, tone] of EXPECTED_TONES) {
      const { container, unmount } = render(<StatusBadge {...({ kind, status } as BadgeProps)} />);
      classes.set(tone, (container.firstElementChild as HTMLElement).className);
      unmount();
    }
    expect(classes.size).toBe(5);
    expect(new Set(classes.values()).size).toBe(5);
  });
});
