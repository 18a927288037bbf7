/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { useEffect, useState } from "react";

import { IslandStandIn } from "./island-stand-in";
import { mockIntersectionObserver } from "./demos/test-dom";
import { useLoadWhenNear } from "./use-load-when-near";

/** Like a next/dynamic island: its controls appear a moment after it is asked to load. */
function SlowIsland() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <input aria-label="Your Name" /> : <p>Loading</p>;
}

function Island() {
  const [ref, load, focusHandlers] = useLoadWhenNear<HTMLDivElement>();
  return (
    <div ref={ref} {...focusHandlers}>
      {load ? <SlowIsland /> : <IslandStandIn label="Load the form" />}
    </div>
  );
}

describe("a lazy island reached by keyboard", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("loads when its stand-in gets focus, before any scrolling, and hands focus to its first control", async () => {
    const viewport = mockIntersectionObserver();
    render(<Island />);
    act(() => viewport.setVisible(false));
    expect(screen.queryByLabelText("Your Name")).not.toBeInTheDocument();

    const standIn = screen.getByRole("button", { name: "Load the form" });
    await act(async () => standIn.focus());
    await act(async () => {
      jest.advanceTimersByTime(60);
    });
    expect(screen.getByLabelText("Your Name")).toHaveFocus();
  });

  it("still loads when it comes near the viewport, without taking focus", async () => {
    const viewport = mockIntersectionObserver();
    render(<Island />);
    act(() => viewport.setVisible(true));
    await act(async () => {
      jest.advanceTimersByTime(60);
    });
    expect(screen.getByLabelText("Your Name")).not.toHaveFocus();
  });
});
