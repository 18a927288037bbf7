import {
  carpentryScript,
  carValetingScript,
  HERO_TIMINGS,
  heroScripts,
  VALETING_DAY,
} from "@/content/demo/hero-scripts";
import { availabilitySlots, bookings, customerList, invoices, quotes, services } from "@/content/demo/sample-data";
import type { Booking, ChatDemoScript, DemoCard, DemoDocument } from "@/content/demo/types";
import { addDays, daysBetween, dayShiftFor, moveDemoDates, resolveDemoDates, SCENARIO_TODAY } from "@/lib/demo/format";
import { DemoPlayer, pickScript, scriptTimeline, type DemoLoop } from "@/lib/demo/player";
import { expectStepsOnTime, spyOnFetch } from "@/test/demo";

const messageTimes = (script: ChatDemoScript) =>
  scriptTimeline(script).filter(({ step }) => step.kind === "user" || step.kind === "assistant");

describe("hero timings", () => {
  it("are fixed figures, written out rather than read back", () => {
    expect(HERO_TIMINGS).toMatchObject({
      startAfterMount: 1000,
      firstMessage: 2000,
      laterMessageMin: 2500,
      laterMessageMax: 4000,
      cardAfterFlaggedMessage: 1200,
      clearAfterLastMessage: 5000,
      pickAfterClear: 500,
      startAfterPick: 1500,
    });
  });
});

describe.each(heroScripts.map((script) => [script.id, script] as const))("hero script %s", (_id, script) => {
  const timeline = scriptTimeline(script);
  const messages = messageTimes(script);

  it("opens with the visitor's message 2 s after it starts", () => {
    expect(timeline[0]?.step.kind).toBe("user");
    expect(timeline[0]?.at).toBe(2000);
  });

  it("brings every later message 2.5 to 4 s after the one before", () => {
    for (let i = 1; i < messages.length; i += 1) {
      const gap = messages[i]!.at - messages[i - 1]!.at;
      expect(gap).toBeGreaterThanOrEqual(2500);
      expect(gap).toBeLessThanOrEqual(4000);
    }
  });

  it("shows the typing indicator before every assistant message", () => {
    for (const message of messages.filter(({ step }) => step.kind === "assistant")) {
      const before = timeline.slice(0, message.index).reverse();
      const lastMessage = before.find(({ step }) => step.kind === "user" || step.kind === "assistant");
      const typing = before.find(({ step }) => step.kind === "typing");
      expect(typing).toBeDefined();
      expect(typing!.index).toBeGreaterThan(lastMessage?.index ?? -1);
      expect(typing!.at).toBeLessThan(message.at);
    }
  });

  it("opens each card and document 1.2 s after the assistant message it belongs to", () => {
    for (const entry of timeline.filter(({ step }) => step.kind === "card" || step.kind === "panel")) {
      const flagged = timeline
        .slice(0, entry.index)
        .reverse()
        .find(({ step }) => step.kind === "user" || step.kind === "assistant");
      expect(flagged?.step.kind).toBe("assistant");
      expect(entry.at - flagged!.at).toBe(HERO_TIMINGS.cardAfterFlaggedMessage);
    }
  });

  it("never shows the service card and a document at the same time", () => {
    let card = false;
    let panel = false;
    for (const { step } of timeline) {
      if (step.kind === "card") card = true;
      if (step.kind === "panel") panel = true;
      if (step.kind === "close" && step.target === "card") card = false;
      if (step.kind === "close" && step.target === "panel") panel = false;
      if (step.kind === "clear") card = panel = false;
      if (step.kind === "panel") expect(card).toBe(false);
      if (step.kind === "card") expect(panel).toBe(false);
    }
  });

  it("clears 5 s after the last message, as its last step", () => {
    const last = timeline.at(-1)!;
    expect(last.step.kind).toBe("clear");
    expect(last.at - messages.at(-1)!.at).toBe(5000);
  });

  it("plays every step exactly on time, 1 s after mounting", () => {
    jest.useFakeTimers();
    const fetch = spyOnFetch();
    try {
      const player = new DemoPlayer<DemoCard, DemoDocument>();
      player.play(script, { startDelay: HERO_TIMINGS.startAfterMount });
      jest.advanceTimersByTime(2999);
      expect(player.getSnapshot().messages).toHaveLength(0);
      jest.advanceTimersByTime(1);
      expect(player.getSnapshot().messages).toHaveLength(1);
      // Replay from scratch and check every instant.
      const replay = new DemoPlayer<DemoCard, DemoDocument>();
      replay.play(script, { startDelay: HERO_TIMINGS.startAfterMount });
      expectStepsOnTime(replay, script, HERO_TIMINGS.startAfterMount);
      expect(replay.getSnapshot()).toMatchObject({ status: "finished", messages: [], card: null, panel: null });
      expect(fetch.spy).not.toHaveBeenCalled();
    } finally {
      fetch.restore();
      jest.useRealTimers();
    }
  });
});

const valetingMove = daysBetween(VALETING_DAY, SCENARIO_TODAY);

describe("what each hero script creates", () => {
  const opened = (script: ChatDemoScript) =>
    script.steps.flatMap((step) =>
      step.kind === "card" ? [step.card.type] : step.kind === "panel" ? [step.panel.type] : [],
    );

  it("car valeting: a service, a quote, available slots, a booking and the customer list", () => {
    expect(opened(carValetingScript)).toEqual(["service", "quote", "slots", "booking", "customers"]);
    const panels = carValetingScript.steps.flatMap((step) => (step.kind === "panel" ? [step.panel] : []));
    // The sample data, moved so that the day the scene is set on is SCENARIO_TODAY (the visitor's today).
    const moved = <T>(value: T) => moveDemoDates(value, valetingMove);
    expect(panels).toContainEqual({ type: "quote", quote: moved(quotes.sarahValet) });
    expect(panels).toContainEqual({ type: "slots", slots: moved(availabilitySlots) });
    expect(panels).toContainEqual({ type: "booking", booking: moved(bookings.sarahValet) });
    expect(panels).toContainEqual({ type: "customers", customers: moved(customerList) });
    expect(carValetingScript.steps).toContainEqual(
      expect.objectContaining({ card: { type: "service", service: services.fullValet } }),
    );
  });

  it("carpentry: a service and an invoice", () => {
    expect(opened(carpentryScript)).toEqual(["service", "invoice"]);
    expect(carpentryScript.steps).toContainEqual(
      expect.objectContaining({ panel: { type: "invoice", invoice: invoices.hendersonWardrobe } }),
    );
  });

  it("quotes the sample data's figures in its words", () => {
    const words = carValetingScript.steps.map((step) => ("text" in step ? step.text : "")).join(" ");
    expect(words).toContain("£85");
    expect(words).toContain("£130");
    // Dates are tokens, written out as the cards write them (18 April moved with the scene).
    expect(words).toContain(`{{date:${addDays("2025-04-18", valetingMove)}}}`);
    expect(resolveDemoDates(words, 0)).toContain(`valid until ${addDays("2025-04-18", valetingMove).slice(8, 10)}`);
    const carpentryWords = carpentryScript.steps.map((step) => ("text" in step ? step.text : "")).join(" ");
    expect(carpentryWords).toContain("£950");
  });
});

describe("the hero's clear-and-restart cycle", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const scriptLength = (script: ChatDemoScript) => scriptTimeline(script).at(-1)!.at;

  it("clears 5 s after the last message, picks a random script 0.5 s later and starts it 1.5 s after that", () => {
    // Random values in order: first pick, then each loop's pick.
    const values = [0.1, 0.9, 0.2];
    const random = jest.fn(() => values.shift() ?? 0);
    const pick = () => pickScript(heroScripts, random);
    const loop: DemoLoop<DemoCard, DemoDocument> = {
      pickDelay: HERO_TIMINGS.pickAfterClear,
      startDelay: HERO_TIMINGS.startAfterPick,
      next: pick,
    };
    const player = new DemoPlayer<DemoCard, DemoDocument>();
    const fetch = spyOnFetch();
    try {
      player.play(pick(), { startDelay: HERO_TIMINGS.startAfterMount, loop });
      expect(player.getSnapshot().scriptId).toBe("car-valeting");

      // Play car valeting through to its clear.
      jest.advanceTimersByTime(HERO_TIMINGS.startAfterMount + scriptLength(carValetingScript));
      expect(player.getSnapshot().messages).toHaveLength(0);
      expect(random).toHaveBeenCalledTimes(1);

      jest.advanceTimersByTime(499);
      expect(random).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(1);
      expect(random).toHaveBeenCalledTimes(2);
      expect(player.getSnapshot().scriptId).toBe("carpentry");

      // 1.5 s until it starts, then its own 2 s lead-in: every step of the new script lands on time.
      expectStepsOnTime(player, carpentryScript, HERO_TIMINGS.startAfterPick);

      jest.advanceTimersByTime(HERO_TIMINGS.pickAfterClear);
      expect(player.getSnapshot().scriptId).toBe("car-valeting");
      expect(fetch.spy).not.toHaveBeenCalled();
    } finally {
      fetch.restore();
    }
  });

  it("with the same random source the choice is reproducible", () => {
    expect(pickScript(heroScripts, () => 0).id).toBe("car-valeting");
    expect(pickScript(heroScripts, () => 0.75).id).toBe("carpentry");
  });
});

describe("hero dates in the visitor's present", () => {
  const bookingOf = (script: ChatDemoScript): Booking => {
    const step = script.steps.find((entry) => entry.kind === "panel" && entry.panel.type === "booking");
    if (step?.kind !== "panel" || step.panel.type !== "booking") throw new Error("no booking");
    return step.panel.booking;
  };
  const words = (script: ChatDemoScript, shift: number) =>
    script.steps.flatMap((step) => ("text" in step ? [resolveDemoDates(step.text, shift)] : []));

  // Clocks where a booking on the visitor's today would be wrong, and the edges of a day and of summer time.
  const clocks = [
    new Date(2026, 10, 25, 16, 40),
    new Date(2026, 10, 25, 0, 0),
    new Date(2026, 10, 25, 8, 59),
    new Date(2026, 10, 25, 23, 59, 59),
    new Date(2026, 2, 29, 12, 0),
    new Date(2026, 9, 25, 1, 30),
    new Date(2025, 3, 10, 9, 30),
  ];

  it.each(clocks.map((clock) => [clock.toString(), clock] as const))(
    "never books a time already past, at %s",
    (_label, now) => {
      const shift = dayShiftFor(now);
      const booking = bookingOf(carValetingScript);
      const day = addDays(booking.date, shift);
      const [hours, minutes] = booking.startTime.split(":").map(Number);
      const [year, month, date] = day.split("-").map(Number);
      const bookedAt = new Date(year!, month! - 1, date!, hours, minutes);
      expect(bookedAt.getTime()).toBeGreaterThan(now.getTime());
      // And every slot it offers is on a later day than the visitor's today.
      for (const step of carValetingScript.steps) {
        if (step.kind === "panel" && step.panel.type === "slots") {
          for (const slot of step.panel.slots)
            expect(addDays(slot.date, shift) > addDays(SCENARIO_TODAY, shift)).toBe(true);
        }
      }
    },
  );

  it("words follow the shifted dates: the days asked about are the days shown and booked", () => {
    // 16:40 on 25 November 2026, as the issue was seen.
    const shift = dayShiftFor(new Date(2026, 10, 25, 16, 40));
    const said = words(carValetingScript, shift);
    expect(said).toContain("Send it. What's free on the 1st and 2nd?");
    expect(said).toContain("Book her in at 9 on the 1st.");
    expect(said).toContain("Booked for 1 December 2026, 09:00 to 11:00. I'll remind her the day before.");
    expect(said.join(" ")).toContain("It's valid until 9 December 2026.");
    expect(said.join(" ")).not.toMatch(/\{\{/);
    expect(words(carpentryScript, shift).join(" ")).toContain("due 9 December 2026");
  });
});
