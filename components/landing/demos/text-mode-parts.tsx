import type { Ref } from "react";

import { Icon } from "@/components/icons/icon";
import styles from "@/components/landing/demos/demo.module.css";
import { questionFocusKey } from "@/components/landing/demos/focus-keys";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import { quickQuestions, type QuickQuestion } from "@/content/demo/text-mode";
import { cn } from "@/lib/utils";

/**
 * The text mode's parts that the built page already has before any script runs: the six quick questions and
 * the disabled message bar. Plain markup, no state, so the server renders them and the scripted demo reuses
 * them; `data-carry-focus` names each control for the hand-over from one to the other.
 */

export const TEXT_CHAT_SUBTITLE = "Text chat · sample answers";

/** The six quick questions, as buttons: `onAsk` plays one (absent in the built page, before scripts run). */
export function QuickQuestionList({
  onAsk,
  firstRef,
  fadeIn = false,
}: {
  onAsk?: (question: QuickQuestion) => void;
  firstRef?: Ref<HTMLButtonElement>;
  fadeIn?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={COPY.quickQuestions}
      className={cn("mt-4 grid gap-2 sm:grid-cols-2 sm:pl-9", fadeIn && styles.fadeIn)}
    >
      {quickQuestions.map((question, index) => (
        <button
          key={question.id}
          ref={index === 0 ? firstRef : undefined}
          type="button"
          data-carry-focus={questionFocusKey(question.id)}
          onClick={onAsk ? () => onAsk(question) : undefined}
          className="demo-question"
        >
          {question.label}
        </button>
      ))}
    </div>
  );
}

/** The message bar: there to show where a question would be typed, disabled because the demo only plays samples. */
export function DisabledMessageBar() {
  return (
    <div className="flex items-center gap-2 border-t border-border px-4 py-3">
      <input
        type="text"
        name="demo-question"
        disabled
        placeholder={COPY.disabledInput}
        aria-label={COPY.inputLabel}
        className="h-10 min-w-0 flex-1 cursor-not-allowed rounded-full border border-input bg-muted px-4 text-sm placeholder:text-muted-foreground"
      />
      <button
        type="button"
        disabled
        aria-label="Send (disabled in this demo)"
        className="grid size-10 shrink-0 cursor-not-allowed place-items-center rounded-full bg-muted text-muted-foreground"
      >
        <Icon name="send-horizontal" className="size-4" />
      </button>
    </div>
  );
}

/** The conversation's scrolling area, the same box in the built page and in the scripted demo. */
export const conversationClass = cn(
  "min-h-0 flex-1 overflow-y-auto bg-gradient-to-b from-muted/40 to-card px-5 py-5 focus:outline-none scroll-smooth",
  styles.noScrollbar,
);
