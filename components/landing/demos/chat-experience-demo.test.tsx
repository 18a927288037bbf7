/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";

import { CARD_TITLES } from "@/components/landing/demos/cards";
import { ChatExperienceDemo } from "@/components/landing/demos/chat-experience-demo";
import { installFetchSpy, mockReducedMotion } from "@/components/landing/demos/test-dom";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import { quickQuestions, TEXT_GREETING } from "@/content/demo/text-mode";

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
let fetchSpy: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  mockReducedMotion(false);
  fetchSpy = installFetchSpy();
});

afterEach(() => {
  expect(fetchSpy).not.toHaveBeenCalled();
  jest.useRealTimers();
});

describe("mode toggle", () => {
  it("is a two-option radio group operable with the keyboard", () => {
    render(<ChatExperienceDemo />);
    const group = screen.getByRole("radiogroup", { name: COPY.modeLabel });
    const [text, voice] = within(group).getAllByRole("radio");
    expect(text).toHaveAccessibleName(COPY.textMode);
    expect(voice).toHaveAccessibleName(COPY.voiceMode);
    expect(text).toBeChecked();
    // One Tab stop: the group hands focus to the chosen option; the other is out of the tab order.
    expect(voice).toHaveAttribute("tabindex", "-1");
    act(() => group.focus());
    expect(text).toHaveFocus();

    // Radix moves focus on the next tick.
    fireEvent.keyDown(text!, { key: "ArrowRight" });
    advance(0);
    expect(voice).toBeChecked();
    expect(voice).toHaveFocus();
    expect(screen.getByRole("button", { name: COPY.tryDemo })).toBeInTheDocument();

    fireEvent.keyDown(voice!, { key: "ArrowRight" });
    advance(0);
    expect(text).toBeChecked();
    expect(screen.getByText(TEXT_GREETING)).toBeInTheDocument();
  });
});

describe("text mode", () => {
  it("greets, offers the six questions, and keeps the message input disabled", () => {
    render(<ChatExperienceDemo />);
    const log = screen.getByRole("log", { name: COPY.textLog });
    expect(log).toHaveAttribute("aria-live", "polite");
    expect(within(log).getByText(TEXT_GREETING)).toBeInTheDocument();
    const group = screen.getByRole("group", { name: COPY.quickQuestions });
    expect(
      within(group)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(quickQuestions.map((q) => q.label));
    expect(screen.getByRole("textbox", { name: COPY.inputLabel })).toBeDisabled();
  });

  it.each(quickQuestions.map((q) => [q.id, q] as const))(
    "%s: typing 0.8 s, reply, card after 1.2 s, Reset after 0.5 s",
    (_id, question) => {
      render(<ChatExperienceDemo />);
      fireEvent.click(screen.getByRole("button", { name: question.label }));
      const log = screen.getByRole("log", { name: COPY.textLog });
      expect(within(log).getByText(question.label)).toBeInTheDocument();
      expect(screen.getByTestId("typing-indicator")).toBeInTheDocument();
      expect(screen.queryByRole("group", { name: COPY.quickQuestions })).not.toBeInTheDocument();

      advance(799);
      expect(within(log).queryByText(question.reply)).not.toBeInTheDocument();
      advance(1);
      expect(within(log).getByText(question.reply)).toBeInTheDocument();
      expect(screen.queryByTestId("typing-indicator")).not.toBeInTheDocument();

      const announcement = COPY.cardShown(CARD_TITLES[question.card.type]);
      advance(1199);
      expect(screen.queryByRole("region", { name: CARD_TITLES[question.card.type] })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: COPY.reset })).not.toBeInTheDocument();
      expect(within(log).queryByText(announcement)).not.toBeInTheDocument();
      advance(1);
      expect(screen.getByRole("region", { name: CARD_TITLES[question.card.type] })).toBeInTheDocument();
      // The card arrives after the reply, outside the live log: the log names it so screen readers hear it.
      expect(within(log).getByText(announcement)).toHaveClass("sr-only");

      fireEvent.click(screen.getByRole("button", { name: COPY.reset }));
      advance(499);
      expect(screen.getByRole("region", { name: CARD_TITLES[question.card.type] })).toBeInTheDocument();
      advance(1);
      expect(screen.queryByRole("region", { name: CARD_TITLES[question.card.type] })).not.toBeInTheDocument();
      expect(within(log).getAllByRole("listitem")).toHaveLength(1);
      expect(within(log).getByText(TEXT_GREETING)).toBeInTheDocument();
      expect(screen.getByRole("group", { name: COPY.quickQuestions })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: quickQuestions[0]!.label })).toHaveFocus();
    },
  );

  it("labels the focusable conversation as a group, and keeps focus on Reset while the greeting returns", () => {
    render(<ChatExperienceDemo />);
    const conversation = screen.getByRole("group", { name: "Conversation" });
    fireEvent.click(screen.getByRole("button", { name: quickQuestions[0]!.label }));
    expect(conversation).toHaveFocus();
    advance(2000);
    const reset = screen.getByRole("button", { name: COPY.reset });
    act(() => reset.focus());
    fireEvent.click(reset);
    expect(reset).not.toBeDisabled();
    expect(reset).toHaveAttribute("aria-disabled", "true");
    expect(reset).toHaveFocus();
    advance(500);
    expect(screen.getByRole("button", { name: quickQuestions[0]!.label })).toHaveFocus();
  });

  it("shows the cards' figures from the sample data, with status words beside the colours", () => {
    render(<ChatExperienceDemo />);
    fireEvent.click(screen.getByRole("button", { name: /outstanding invoices/i }));
    advance(2000);
    const card = screen.getByRole("region", { name: CARD_TITLES.invoices });
    expect(within(card).getByText("£1,210")).toBeInTheDocument();
    expect(within(card).getAllByText("overdue")[0]).toHaveAttribute("data-tone", "red");
    expect(within(card).getAllByText("pending")[0]).toHaveAttribute("data-tone", "yellow");
    // Under the total, what came in today.
    expect(within(card).getByText("Paid today")).toBeInTheDocument();
    expect(within(card).getByText("paid")).toHaveAttribute("data-tone", "green");
  });

  it("shows today's schedule with a job done, one to go and one cancelled", () => {
    render(<ChatExperienceDemo />);
    fireEvent.click(screen.getByRole("button", { name: /work schedule today/i }));
    advance(2000);
    const card = screen.getByRole("region", { name: CARD_TITLES.schedule });
    expect(within(card).getByText("completed")).toHaveAttribute("data-tone", "green");
    expect(within(card).getByText("scheduled")).toHaveAttribute("data-tone", "blue");
    expect(within(card).getByText("cancelled")).toHaveAttribute("data-tone", "red");
  });
});

describe("voice mode", () => {
  it("plays the request after 1 s, the confirmation 2.5 s later, then the email card, which Close dismisses", () => {
    render(<ChatExperienceDemo />);
    fireEvent.click(screen.getByRole("radio", { name: COPY.voiceMode }));
    const tryDemo = screen.getByRole("button", { name: COPY.tryDemo });
    act(() => tryDemo.focus());
    fireEvent.click(tryDemo);
    // Marked unavailable but still focusable: a disabled button would drop keyboard focus to the page.
    expect(tryDemo).toHaveAttribute("aria-disabled", "true");
    expect(tryDemo).not.toBeDisabled();
    expect(tryDemo).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(COPY.micListening);
    const log = screen.getByRole("log", { name: COPY.voiceLog });
    expect(log).toHaveAttribute("aria-live", "polite");

    advance(500);
    // Pressed again mid-sequence, it does nothing: the request still arrives 1 s after the first press.
    fireEvent.click(tryDemo);
    advance(499);
    expect(within(log).queryAllByRole("listitem")).toHaveLength(0);
    advance(1);
    expect(within(log).getByText(/running about 20 minutes late/)).toBeInTheDocument();

    advance(2499);
    expect(
      within(log)
        .getAllByRole("listitem")
        .filter((li) => li.querySelector("p")),
    ).toHaveLength(1);
    advance(1);
    expect(within(log).getByText(/I've emailed Priya/)).toBeInTheDocument();

    advance(1499);
    expect(screen.queryByText("Email Sent Successfully")).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole("region", { name: "Email Sent Successfully" })).toBeInTheDocument();
    expect(within(log).getByText(COPY.cardShown("Email Sent Successfully"))).toHaveClass("sr-only");

    fireEvent.click(screen.getByRole("button", { name: COPY.close }));
    expect(screen.queryByText("Email Sent Successfully")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: COPY.tryDemo })).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("button", { name: COPY.tryDemo })).toHaveFocus();
  });
});

describe("voice mode speaks", () => {
  // The browser's speech synthesis is out of reach in jsdom: a stand-in records what would be said.
  function installSpeech() {
    const said: { text: string; pitch: number }[] = [];
    const speech = {
      speak: jest.fn((u: { text: string; pitch: number }) => said.push({ text: u.text, pitch: u.pitch })),
      cancel: jest.fn(),
      getVoices: () => [],
    };
    Object.defineProperty(window, "speechSynthesis", { configurable: true, value: speech });
    (globalThis as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance = class {
      lang = "";
      voice = null;
      pitch = 1;
      constructor(public text: string) {}
    };
    return { said, speech };
  }
  afterEach(() => {
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
  });

  const startVoiceDemo = () => {
    render(<ChatExperienceDemo />);
    fireEvent.click(screen.getByRole("radio", { name: COPY.voiceMode }));
  };

  it("says the request and the confirmation as their captions appear, after the visitor's click", () => {
    const { said } = installSpeech();
    startVoiceDemo();
    expect(screen.getByRole("button", { name: COPY.sound })).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(screen.getByRole("button", { name: COPY.tryDemo }));
    advance(1000);
    advance(2500);
    const lines = said.filter((line) => line.text !== "");
    expect(lines.map((line) => line.text)).toEqual([
      expect.stringMatching(/running about 20 minutes late/),
      expect.stringMatching(/I've emailed Priya/),
    ]);
    expect(lines[1]!.pitch).toBeGreaterThan(lines[0]!.pitch);
  });

  it("stays silent once the visitor turns the sound off, and stops what it was saying", () => {
    const { said, speech } = installSpeech();
    startVoiceDemo();
    fireEvent.click(screen.getByRole("button", { name: COPY.sound }));
    expect(screen.getByRole("button", { name: COPY.sound })).toHaveAttribute("aria-pressed", "false");
    expect(speech.cancel).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: COPY.tryDemo }));
    advance(3500);
    expect(said).toEqual([]);
    expect(screen.getByText(/I've emailed Priya/)).toBeInTheDocument();
  });

  it("starts with the sound off for a visitor who prefers reduced motion", () => {
    const { said } = installSpeech();
    mockReducedMotion(true);
    startVoiceDemo();
    expect(screen.getByRole("button", { name: COPY.sound })).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(screen.getByRole("button", { name: COPY.tryDemo }));
    advance(3500);
    expect(said).toEqual([]);
  });
});

describe("voice mode's status line", () => {
  it("says the request is handled only once the reply and the sent email are in, not while Otto is typing", () => {
    render(<ChatExperienceDemo />);
    fireEvent.click(screen.getByRole("radio", { name: COPY.voiceMode }));
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(COPY.micIdle);
    fireEvent.click(screen.getByRole("button", { name: COPY.tryDemo }));
    expect(status).toHaveTextContent(COPY.micListening);
    advance(1000);
    // The request is in and Otto is typing: at work, not done.
    expect(screen.getByTestId("typing-indicator")).toBeInTheDocument();
    expect(status).toHaveTextContent(COPY.micWorking);
    advance(2500);
    expect(status).toHaveTextContent(COPY.micWorking);
    advance(1499);
    expect(status).not.toHaveTextContent(COPY.micDone);
    advance(1);
    expect(screen.getByRole("region", { name: "Email Sent Successfully" })).toBeInTheDocument();
    expect(status).toHaveTextContent(COPY.micDone);
  });

  it("draws the microphone as a sign beside the status, not as something to press", () => {
    render(<ChatExperienceDemo />);
    fireEvent.click(screen.getByRole("radio", { name: COPY.voiceMode }));
    const mic = screen.getByTestId("voice-mic");
    expect(mic.closest("[aria-hidden='true']")).not.toBeNull();
    expect(mic.closest("button, [role='button'], [tabindex]")).toBeNull();
    expect(mic.className).not.toMatch(/shadow/);
    // Try Demo is the one control that starts it.
    expect(screen.getAllByRole("button").filter((button) => /demo/i.test(button.textContent ?? ""))).toHaveLength(1);
  });
});
