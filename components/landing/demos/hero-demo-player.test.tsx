/** @jest-environment jsdom */
// First: motion takes its animation frames from here when it loads.
import "@/test/animation-frames";

import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";

import { HeroDemoPlayer } from "@/components/landing/demos/hero-demo-player";
import {
  installFetchSpy,
  mockIntersectionObserver,
  mockReducedMotion,
  setDocumentHidden,
} from "@/components/landing/demos/test-dom";
import { HERO_COPY } from "@/content/demo/hero-chrome";
import { carpentryScript, carValetingScript, VALETING_DAY } from "@/content/demo/hero-scripts";
import { addDays, daysBetween, demoDayShift, formatDemoDate, SCENARIO_TODAY } from "@/lib/demo/format";
import { scriptTimeline } from "@/lib/demo/player";

const firstText = (script: typeof carValetingScript) => {
  const step = script.steps[0];
  if (step?.kind !== "user") throw new Error("scripts open with the visitor");
  return step.text;
};

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
/** Moves time on a frame at a time, letting each frame's promises settle, so the card or panel finishes moving. */
const animateFor = async (ms: number) => {
  for (let elapsed = 0; elapsed < ms; elapsed += 16) {
    await act(async () => {
      jest.advanceTimersByTime(16);
    });
  }
};
const log = () => screen.getByRole("log", { name: HERO_COPY.log });
const bubbles = () =>
  within(log())
    .queryAllByRole("listitem")
    .filter((item) => item.querySelector("p"));

let intersection: ReturnType<typeof mockIntersectionObserver>;
let fetchSpy: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  mockReducedMotion(false);
  intersection = mockIntersectionObserver();
  setDocumentHidden(false);
  fetchSpy = installFetchSpy();
});

afterEach(() => {
  expect(fetchSpy).not.toHaveBeenCalled();
  // Unmounted, with motion's last frames run on this test's timers: a frame left waiting on timers that are then
  // thrown away would hold motion's frame loop up for the next test.
  cleanup();
  advance(100);
  jest.useRealTimers();
});

describe("HeroDemoPlayer", () => {
  it("starts 1 s after mounting and shows its first message 2 s later", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    expect(screen.getByRole("region", { name: HERO_COPY.region })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Type a message...")).toBeInTheDocument();
    advance(2999);
    expect(bubbles()).toHaveLength(0);
    advance(1);
    expect(screen.getByText(firstText(carValetingScript))).toBeInTheDocument();
  });

  it("uses the injected random source to choose the script", () => {
    render(<HeroDemoPlayer random={() => 0.9} />);
    advance(3000);
    expect(screen.getByText(firstText(carpentryScript))).toBeInTheDocument();
  });

  it("shows the typing indicator, the service card and the sliding document panel, each closable with its X", async () => {
    render(<HeroDemoPlayer random={() => 0} />);
    const at = (index: number) => 1000 + scriptTimeline(carValetingScript)[index]!.at;
    advance(at(1));
    expect(screen.getByTestId("typing-indicator")).toBeInTheDocument();
    expect(screen.getByText("typing…")).toBeInTheDocument();

    advance(at(3) - at(1) - 1);
    expect(screen.queryByTestId("hero-service-card")).not.toBeInTheDocument();
    advance(1);
    const card = screen.getByTestId("hero-service-card");
    expect(within(card).getByText("Full Valet")).toBeInTheDocument();
    expect(within(card).getByText("£85")).toBeInTheDocument();
    expect(card.className).toContain("max-h-[240px]");
    await animateFor(400);
    expect(card).toHaveStyle({ opacity: "1", transform: "none" });
    fireEvent.click(within(card).getByRole("button", { name: "Close service card" }));
    await animateFor(300);
    expect(screen.queryByTestId("hero-service-card")).not.toBeInTheDocument();

    advance(at(8) - at(3) - 700);
    const panel = screen.getByTestId("hero-document-panel");
    await animateFor(450);
    expect(panel).toHaveStyle({ transform: "none" });
    expect(panel.className).toContain("max-h-[350px]");
    expect(within(panel).getByText("Quote Q-1042")).toBeInTheDocument();
    // The quote's expiry, moved into the visitor's present like every demo date: the valeting scene is set on the
    // day it issues the quote, shown as the visitor's today.
    const expiry = addDays("2025-04-18", daysBetween(VALETING_DAY, SCENARIO_TODAY));
    expect(within(panel).getByText(formatDemoDate(expiry))).toBeInTheDocument();
    // The words say the same date as the card.
    expect(within(log()).getByText(new RegExp(`valid until ${formatDemoDate(expiry)}\\.$`))).toBeInTheDocument();
    expect(demoDayShift()).toBe(daysBetween(SCENARIO_TODAY, new Date().toLocaleDateString("en-CA")));
    expect(within(panel).getByTestId("document-total")).toHaveTextContent("£130");
    expect(within(panel).getByText("pending")).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole("button", { name: "Close quote" }));
    await animateFor(300);
    expect(screen.queryByTestId("hero-document-panel")).not.toBeInTheDocument();
  });

  it("clears 5 s after the last message and starts a new random script after 0.5 s + 1.5 s", () => {
    const values = [0.9, 0];
    render(<HeroDemoPlayer random={() => values.shift() ?? 0} />);
    const end = 1000 + scriptTimeline(carpentryScript).at(-1)!.at;
    advance(end - 1);
    expect(bubbles().length).toBeGreaterThan(0);
    advance(1);
    expect(bubbles()).toHaveLength(0);
    advance(500 + 1500 + 1999);
    expect(bubbles()).toHaveLength(0);
    advance(1);
    expect(screen.getByText(firstText(carValetingScript))).toBeInTheDocument();
  });

  it("has a visible pause control that stops and resumes the demo (WCAG 2.2.2)", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    advance(2000);
    fireEvent.click(screen.getByRole("button", { name: HERO_COPY.pause }));
    expect(screen.getByRole("button", { name: HERO_COPY.resume })).toHaveTextContent("Resume");
    advance(60_000);
    expect(bubbles()).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: HERO_COPY.resume }));
    advance(999);
    expect(bubbles()).toHaveLength(0);
    advance(1);
    expect(bubbles()).toHaveLength(1);
  });

  it("pauses while scrolled out of view and while the tab is hidden", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    const region = screen.getByRole("region", { name: HERO_COPY.region });
    advance(1000);
    act(() => intersection.setVisible(false));
    expect(region).toHaveAttribute("data-paused", "true");
    advance(30_000);
    expect(bubbles()).toHaveLength(0);
    act(() => intersection.setVisible(true));
    act(() => setDocumentHidden(true));
    advance(30_000);
    expect(bubbles()).toHaveLength(0);
    act(() => setDocumentHidden(false));
    expect(region).toHaveAttribute("data-paused", "false");
    advance(2000);
    expect(bubbles()).toHaveLength(1);
  });

  it("counts as in view only inside the viewport: no margin below the fold keeps an unseen demo playing", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    const [options] = intersection.options();
    expect(options).toBeDefined();
    // Every side of the root margin is zero or shrinks the viewport; none extends it.
    const margins = String(options!.rootMargin ?? "0px")
      .trim()
      .split(/\s+/);
    for (const margin of margins) expect(parseFloat(margin)).toBeLessThanOrEqual(0);
  });

  it("restarts from the top with the play button", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    advance(1000 + scriptTimeline(carValetingScript)[4]!.at);
    expect(bubbles()).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: HERO_COPY.restart }));
    expect(bubbles()).toHaveLength(0);
    advance(600);
    expect(bubbles()).toHaveLength(1);
  });

  it("shows nothing new on Enter with text while a demo runs, and keeps the text in the box", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    advance(1000 + scriptTimeline(carValetingScript)[2]!.at);
    expect(bubbles()).toHaveLength(2);
    const before = log().textContent;
    const input = screen.getByRole("textbox", { name: HERO_COPY.input });
    fireEvent.change(input, { target: { value: "Invoice Mrs Jones £120" } });
    // The round button stays the play button whatever is typed.
    expect(screen.getByRole("button", { name: HERO_COPY.restart })).toBeInTheDocument();
    // Enter in the box is not a press of the play button (which the browser's own Enter would be).
    expect(fireEvent.keyDown(input, { key: "Enter" })).toBe(false);
    fireEvent.submit(input.closest("form")!);
    expect(bubbles()).toHaveLength(2);
    expect(log().textContent).toBe(before);
    expect(screen.queryByText("Invoice Mrs Jones £120")).not.toBeInTheDocument();
    expect(input).toHaveValue("Invoice Mrs Jones £120");
    // The demo carries on with its own script.
    advance(scriptTimeline(carValetingScript)[4]!.at - scriptTimeline(carValetingScript)[2]!.at);
    expect(bubbles()).toHaveLength(3);
    expect(screen.queryByText("Invoice Mrs Jones £120")).not.toBeInTheDocument();
  });

  it("shows nothing on Enter with text while the visitor has paused the demo (a paused demo is still running)", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    advance(3000);
    fireEvent.click(screen.getByRole("button", { name: HERO_COPY.pause }));
    // Paused by the visitor is still a demo running: Enter does not start another.
    const input = screen.getByRole("textbox", { name: HERO_COPY.input });
    fireEvent.change(input, { target: { value: "Book Sam in for Friday" } });
    fireEvent.submit(input.closest("form")!);
    advance(30_000);
    expect(bubbles()).toHaveLength(1);
    expect(screen.queryByText("Book Sam in for Friday")).not.toBeInTheDocument();
    expect(input).toHaveValue("Book Sam in for Friday");
  });

  it("does nothing visible on Enter in an empty box while a demo runs", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    advance(3000);
    const input = screen.getByRole("textbox", { name: HERO_COPY.input });
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input.closest("form")!);
    expect(bubbles()).toHaveLength(1);
    advance(100);
    expect(bubbles()).toHaveLength(1);
  });
});

describe("HeroDemoPlayer with reduced motion", () => {
  beforeEach(() => mockReducedMotion(true));

  it("does not auto-play: it shows a finished conversation, with the list its last answer promised, and waits", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    const shown = bubbles().length;
    expect(shown).toBe(carValetingScript.steps.filter((s) => s.kind === "user" || s.kind === "assistant").length);
    expect(within(log()).getByText(/Here they are:$/)).toBeInTheDocument();
    const panel = screen.getByTestId("hero-document-panel");
    expect(within(panel).getByRole("region", { name: "Customers" })).toBeInTheDocument();
    expect(within(panel).getByText("Sarah Thompson")).toBeInTheDocument();
    advance(120_000);
    expect(bubbles()).toHaveLength(shown);
    expect(screen.getByRole("button", { name: HERO_COPY.play })).toBeInTheDocument();
  });

  it("plays on request (Enter or play) and stops on the finished conversation instead of looping", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    fireEvent.submit(screen.getByRole("textbox", { name: HERO_COPY.input }).closest("form")!);
    expect(bubbles()).toHaveLength(0);
    advance(600);
    expect(bubbles()).toHaveLength(1);
    advance(120_000);
    const region = screen.getByRole("region", { name: HERO_COPY.region });
    expect(region).toHaveAttribute("data-status", "finished");
    expect(bubbles().length).toBeGreaterThan(5);
  });

  it("starts a demo on Enter with text when none is running, showing only the demo and keeping the text", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    advance(120_000);
    const region = screen.getByRole("region", { name: HERO_COPY.region });
    expect(region).toHaveAttribute("data-status", "finished");
    const input = screen.getByRole("textbox", { name: HERO_COPY.input });
    fireEvent.change(input, { target: { value: "Quote for a full valet" } });
    fireEvent.submit(input.closest("form")!);
    expect(bubbles()).toHaveLength(0);
    advance(600);
    expect(bubbles()).toHaveLength(1);
    expect(region).toHaveAttribute("data-status", "running");
    advance(120_000);
    expect(screen.queryByText("Quote for a full valet")).not.toBeInTheDocument();
    expect(input).toHaveValue("Quote for a full valet");
  });

  it("shows the service card in place at once and takes it away at once: nothing slides or fades", () => {
    render(<HeroDemoPlayer random={() => 0} />);
    fireEvent.click(screen.getByRole("button", { name: HERO_COPY.play }));
    for (let waited = 0; waited < 60_000 && !screen.queryByTestId("hero-service-card"); waited += 100) advance(100);
    const card = screen.getByTestId("hero-service-card");
    // Drawn in place from the first (no hidden starting style), and held there once motion writes its style.
    expect(card).not.toHaveAttribute("style");
    advance(16);
    expect(card).toHaveStyle({ opacity: "1", transform: "none" });
    fireEvent.click(within(card).getByRole("button", { name: "Close service card" }));
    expect(screen.queryByTestId("hero-service-card")).not.toBeInTheDocument();
  });
});
