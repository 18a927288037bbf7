/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { DeferredRender, renderDeferredSections } from "@/components/landing/deferred-render";
import { useSmoothAnchors } from "@/components/landing/use-smooth-anchors";

function Page({ withRenderer = true }: { withRenderer?: boolean }) {
  return (
    <>
      <section id="hero">Hero</section>
      {["pain-points", "features", "industries"].map((id) => (
        <section key={id} id={id} data-defer-render="">
          {id}
        </section>
      ))}
      {withRenderer && <DeferredRender />}
    </>
  );
}

const deferredIds = () => Array.from(document.querySelectorAll("[data-defer-render]"), (node) => node.id);

describe("DeferredRender", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("renders the deferred sections in page order, one per idle period, never all in one task", () => {
    render(<Page />);
    expect(deferredIds()).toEqual(["pain-points", "features", "industries"]);

    act(() => jest.advanceTimersToNextTimer());
    expect(deferredIds()).toEqual(["features", "industries"]);
    act(() => jest.advanceTimersToNextTimer());
    expect(deferredIds()).toEqual(["industries"]);
    act(() => jest.advanceTimersToNextTimer());
    expect(deferredIds()).toEqual([]);
  });

  it("uses requestIdleCallback where the browser has it, and cancels it on unmount", () => {
    const callbacks: IdleRequestCallback[] = [];
    let nextHandle = 40;
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => {
      callbacks.push(callback);
      return ++nextHandle;
    });
    window.cancelIdleCallback = jest.fn();
    try {
      const { unmount } = render(<Page />);
      expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
      act(() => callbacks.shift()!({ didTimeout: false, timeRemaining: () => 10 }));
      expect(deferredIds()).toEqual(["features", "industries"]);
      unmount();
      // The pending callback is the second one requested.
      expect(window.cancelIdleCallback).toHaveBeenCalledWith(42);
    } finally {
      // @ts-expect-error jsdom has no idle callbacks: remove the stand-ins again
      delete window.requestIdleCallback;
      // @ts-expect-error as above
      delete window.cancelIdleCallback;
    }
  });

  it("renders every deferred section at once on request", () => {
    render(<Page withRenderer={false} />);
    renderDeferredSections();
    expect(deferredIds()).toEqual([]);
  });
});

function AnchorPage() {
  useSmoothAnchors();
  return (
    <>
      <a href="#industries">Industries</a>
      <Page withRenderer={false} />
    </>
  );
}

describe("in-page links", () => {
  beforeAll(() => {
    window.matchMedia = jest.fn().mockImplementation((query: string) => ({ matches: false, media: query }));
  });

  it("render every deferred section before measuring where to scroll", async () => {
    const deferredAtScroll: string[][] = [];
    Element.prototype.scrollIntoView = jest.fn(() => deferredAtScroll.push(deferredIds()));
    render(<AnchorPage />);

    await userEvent.click(screen.getByRole("link", { name: "Industries" }));
    expect(deferredAtScroll).toEqual([[]]);
    expect(window.location.hash).toBe("#industries");
  });
});
