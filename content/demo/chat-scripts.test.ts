import { heroScripts } from "@/content/demo/hero-scripts";
import { outstandingInvoices, overdueInvoices, paidToday } from "@/content/demo/sample-data";
import {
  greetingScript,
  quickQuestions,
  quickQuestionScript,
  TEXT_GREETING,
  TEXT_TIMINGS,
  textResetScript,
} from "@/content/demo/text-mode";
import type { DemoCard, DemoDocument } from "@/content/demo/types";
import { VOICE_TIMINGS, voiceScript } from "@/content/demo/voice-mode";
import { DemoPlayer, finishedSnapshot, scriptTimeline } from "@/lib/demo/player";
import { expectStepsOnTime, spyOnFetch } from "@/test/demo";

const greeting = () => ({ ...finishedSnapshot<DemoCard, DemoDocument>(greetingScript), status: "idle" as const });
const texts = (player: DemoPlayer<DemoCard, DemoDocument>) => player.getSnapshot().messages.map((m) => m.text);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The "kind status" pairs a card or document shows as status badges. */
function statusesShown(shown: DemoCard | DemoDocument): string[] {
  switch (shown.type) {
    case "quote":
      return [`quote ${shown.quote.status}`];
    case "invoice":
      return [`invoice ${shown.invoice.status}`];
    case "invoices":
      return [...shown.invoices, ...shown.paid].map((invoice) => `invoice ${invoice.status}`);
    case "overdue":
      return shown.invoices.map((invoice) => `invoice ${invoice.status}`);
    case "booking":
      return [`booking ${shown.booking.status}`];
    case "schedule":
      return shown.bookings.map((booking) => `booking ${booking.status}`);
    case "slots":
      return shown.slots.map((slot) => `slot ${slot.status}`);
    default:
      return [];
  }
}

describe("status colours on show", () => {
  it("every status with a colour of its own appears in some demo card or document", () => {
    const scripts = [...heroScripts, ...quickQuestions.map(quickQuestionScript), voiceScript];
    const shown = new Set(
      scripts.flatMap((script) =>
        script.steps.flatMap((step) =>
          step.kind === "card" ? statusesShown(step.card) : step.kind === "panel" ? statusesShown(step.panel) : [],
        ),
      ),
    );
    expect([...shown].sort()).toEqual(
      [
        "invoice pending",
        "invoice paid",
        "invoice overdue",
        "booking scheduled",
        "booking completed",
        "booking cancelled",
        "quote pending",
        "slot available",
        "slot booked",
      ].sort(),
    );
  });
});

describe("text and voice timings", () => {
  it("are fixed figures, written out rather than read back", () => {
    expect(TEXT_TIMINGS).toEqual({ typing: 800, card: 1200, reset: 500 });
    expect(VOICE_TIMINGS).toEqual({ request: 1000, confirmation: 2500, card: 1500 });
  });
});

describe("text mode", () => {
  it("has the greeting and the six quick questions", () => {
    expect(TEXT_GREETING).toBe("Hi, how can I help today?");
    expect(quickQuestions.map((question) => question.card.type)).toEqual([
      "schedule",
      "invoices",
      "booking",
      "help",
      "customer",
      "overdue",
    ]);
    expect(quickQuestions.map((question) => question.label)).toEqual([
      expect.stringMatching(/work schedule today/i),
      expect.stringMatching(/outstanding invoices/i),
      expect.stringMatching(/next booking/i),
      expect.stringMatching(/help me with this app/i),
      expect.stringMatching(/create a new customer account/i),
      expect.stringMatching(/find all overdue payments/i),
    ]);
    expect(quickQuestions.find((q) => q.id === "invoices")?.card).toEqual({
      type: "invoices",
      invoices: outstandingInvoices,
      paid: paidToday,
    });
    expect(quickQuestions.find((q) => q.id === "overdue")?.card).toMatchObject({ invoices: overdueInvoices });
  });

  it.each(quickQuestions.map((question) => [question.id, question] as const))(
    "%s: typing at once, the reply after 0.8 s, the card 1.2 s later; Reset brings the greeting back after 0.5 s",
    (_id, question) => {
      const fetch = spyOnFetch();
      try {
        const player = new DemoPlayer<DemoCard, DemoDocument>({ initial: greeting() });
        player.play(quickQuestionScript(question), { keepConversation: true });
        expect(texts(player)).toEqual([TEXT_GREETING, question.label]);
        expect(player.getSnapshot().typing).toBe(true);

        jest.advanceTimersByTime(TEXT_TIMINGS.typing - 1);
        expect(texts(player)).toEqual([TEXT_GREETING, question.label]);
        jest.advanceTimersByTime(1);
        expect(texts(player)).toEqual([TEXT_GREETING, question.label, question.reply]);
        expect(player.getSnapshot().typing).toBe(false);

        jest.advanceTimersByTime(TEXT_TIMINGS.card - 1);
        expect(player.getSnapshot().card).toBeNull();
        jest.advanceTimersByTime(1);
        expect(player.getSnapshot().card).toBe(question.card);
        expect(player.getSnapshot().status).toBe("finished");

        player.play(textResetScript, { keepConversation: true });
        jest.advanceTimersByTime(TEXT_TIMINGS.reset - 1);
        expect(player.getSnapshot().card).toBe(question.card);
        jest.advanceTimersByTime(1);
        expect(texts(player)).toEqual([TEXT_GREETING]);
        expect(player.getSnapshot()).toMatchObject({ card: null, status: "finished" });
        expect(fetch.spy).not.toHaveBeenCalled();
      } finally {
        fetch.restore();
      }
    },
  );

  it("each answer script lands every step on time", () => {
    for (const question of quickQuestions) {
      const script = quickQuestionScript(question);
      expect(scriptTimeline(script).map((entry) => entry.at)).toEqual([0, 0, 800, 2000]);
      const player = new DemoPlayer<DemoCard, DemoDocument>({ initial: greeting() });
      player.play(script, { keepConversation: true });
      expectStepsOnTime(player, script, 0, greeting());
    }
  });
});

describe("voice mode", () => {
  it("plays the request after 1 s, the confirmation 2.5 s later and the email card 1.5 s after that", () => {
    const fetch = spyOnFetch();
    try {
      const player = new DemoPlayer<DemoCard, DemoDocument>();
      player.play(voiceScript);
      jest.advanceTimersByTime(VOICE_TIMINGS.request - 1);
      expect(texts(player)).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(player.getSnapshot().messages).toEqual([
        expect.objectContaining({ role: "user", text: expect.stringMatching(/late/) }),
      ]);

      jest.advanceTimersByTime(VOICE_TIMINGS.confirmation - 1);
      expect(player.getSnapshot().messages).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(player.getSnapshot().messages[1]).toMatchObject({ role: "assistant" });

      jest.advanceTimersByTime(VOICE_TIMINGS.card - 1);
      expect(player.getSnapshot().card).toBeNull();
      jest.advanceTimersByTime(1);
      expect(player.getSnapshot().card).toMatchObject({ type: "email-sent" });
      expect(fetch.spy).not.toHaveBeenCalled();
    } finally {
      fetch.restore();
    }
  });

  it("lands every step on time", () => {
    expect(scriptTimeline(voiceScript).map((entry) => entry.at)).toEqual([1000, 1000, 3500, 5000]);
    const player = new DemoPlayer<DemoCard, DemoDocument>();
    player.play(voiceScript);
    expectStepsOnTime(player, voiceScript);
  });
});
