/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";

import { ChatDemoShell } from "@/components/landing/demos/chat-demo-shell";
import { ChatExperienceIsland } from "@/components/landing/demos/chat-experience-island";
import { installFetchSpy, mockIntersectionObserver, mockReducedMotion } from "@/components/landing/demos/test-dom";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import { quickQuestions, TEXT_GREETING } from "@/content/demo/text-mode";

function renderSection() {
  const viewport = mockIntersectionObserver();
  render(
    <ChatExperienceIsland>
      <ChatDemoShell />
    </ChatExperienceIsland>,
  );
  act(() => viewport.setVisible(false));
}

/** Lets the demo's module arrive (at once in Jest) and the island swap it in. */
async function demoArrives() {
  await act(async () => {
    await import("@/components/landing/demos/chat-experience-demo");
  });
}

const scripted = () => document.querySelectorAll('button[role="radio"]').length > 0;

beforeEach(() => {
  mockReducedMotion(true);
  installFetchSpy();
});

describe("the chat demo before its script", () => {
  it("has the mode toggle, the greeting and the six questions as plain, focusable HTML", () => {
    renderSection();
    expect(scripted()).toBe(false);
    const group = screen.getByRole("radiogroup", { name: COPY.modeLabel });
    const [text, voice] = within(group).getAllByRole("radio");
    expect(text).toHaveAccessibleName(COPY.textMode);
    expect(text).toBeChecked();
    expect(voice).toHaveAccessibleName(COPY.voiceMode);
    expect(screen.getByRole("log", { name: COPY.textLog })).toHaveTextContent(TEXT_GREETING);
    const questions = within(screen.getByRole("group", { name: COPY.quickQuestions })).getAllByRole("button");
    expect(questions.map((button) => button.textContent)).toEqual(quickQuestions.map((question) => question.label));
    expect(screen.getByRole("textbox", { name: COPY.inputLabel })).toBeDisabled();
  });

  it("hands focus to the same question in the scripted demo when it takes over", async () => {
    renderSection();
    const third = screen.getByRole("button", { name: quickQuestions[2]!.label });
    act(() => third.focus());
    await demoArrives();
    expect(scripted()).toBe(true);
    const now = screen.getByRole("button", { name: quickQuestions[2]!.label });
    expect(now).not.toBe(third);
    expect(now).toHaveFocus();
  });

  it("keeps the mode chosen in the plain toggle, and its focus", async () => {
    renderSection();
    const voice = screen.getByRole("radio", { name: COPY.voiceMode });
    act(() => {
      fireEvent.click(voice);
      voice.focus();
    });
    expect(voice).toBeChecked();
    await demoArrives();
    const scriptedVoice = screen.getByRole("radio", { name: COPY.voiceMode });
    expect(scriptedVoice).not.toBe(voice);
    expect(scriptedVoice).toHaveAttribute("aria-checked", "true");
    expect(scriptedVoice).toHaveFocus();
    expect(screen.getByRole("button", { name: COPY.tryDemo })).toBeInTheDocument();
  });

  it("plays a question pressed before the script arrived", async () => {
    renderSection();
    const question = quickQuestions[1]!;
    act(() => {
      screen.getByRole("button", { name: question.label }).focus();
      fireEvent.click(screen.getByRole("button", { name: question.label }));
    });
    await demoArrives();
    expect(scripted()).toBe(true);
    expect(within(screen.getByRole("log", { name: COPY.textLog })).getByText(question.label)).toBeInTheDocument();
  });
});
