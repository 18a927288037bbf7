/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { toast } from "sonner";

import { Toaster } from "@/components/ui/sonner";

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  act(() => toast.dismiss());
  act(() => jest.advanceTimersByTime(1_000));
  jest.useRealTimers();
});

/** Shows a toast; sonner renders it on its next tick. */
function show(...titles: string[]) {
  act(() => {
    for (const title of titles) toast(title);
  });
  act(() => jest.advanceTimersByTime(50));
}

const visibleToasts = () => document.querySelectorAll('[data-sonner-toast][data-visible="true"]');

describe("Toaster", () => {
  it("shows one toast at a time, the newest", () => {
    render(<Toaster />);
    show("First", "Second");
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]).toHaveTextContent("Second");
  });

  it("keeps a toast for 5000 ms by default", () => {
    render(<Toaster />);
    show("Saved");
    act(() => jest.advanceTimersByTime(4_850));
    expect(screen.getByText("Saved")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });

  it("is announced politely, labelled, and F8 moves focus to it", () => {
    render(<Toaster />);
    show("Hello");
    const region = screen.getByRole("region", { name: /Notifications/ });
    expect(region).toHaveAttribute("aria-live", "polite");
    act(() => {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "F8", code: "F8", bubbles: true }));
    });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it("is dismissed by a swipe of 50 px to the right, not to the left", () => {
    render(<Toaster />);
    show("Swipe me");
    const item = () => screen.getByText("Swipe me").closest("[data-sonner-toast]")!;
    Object.assign(HTMLElement.prototype, {
      setPointerCapture: () => undefined,
      releasePointerCapture: () => undefined,
    });
    // jsdom has no PointerEvent: without one, the events would carry no coordinates.
    if (typeof window.PointerEvent === "undefined") {
      class PointerEventShim extends MouseEvent {
        readonly pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 0;
        }
      }
      Object.assign(window, { PointerEvent: PointerEventShim });
    }
    // A slow drag (1 s), so only the distance counts, not a flick's speed.
    const drag = (dx: number) => {
      fireEvent.pointerDown(item(), { clientX: 100, clientY: 100, button: 0, pointerId: 1 });
      act(() => jest.advanceTimersByTime(500));
      // The first move locks the axis, the second one drags.
      fireEvent.pointerMove(item(), { clientX: 100 + Math.sign(dx) * 5, clientY: 100, pointerId: 1 });
      fireEvent.pointerMove(item(), { clientX: 100 + dx, clientY: 100, pointerId: 1 });
      act(() => jest.advanceTimersByTime(500));
      fireEvent.pointerUp(item(), { clientX: 100 + dx, clientY: 100, pointerId: 1 });
    };
    drag(-60);
    expect(item()).toHaveAttribute("data-removed", "false");
    drag(60);
    expect(item()).toHaveAttribute("data-swipe-out", "true");
  });
});
