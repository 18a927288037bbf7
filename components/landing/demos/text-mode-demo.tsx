"use client";

import { RotateCcw, SendHorizontal } from "lucide-react";
import { useEffect, useRef } from "react";

import { siteConfig } from "@/config/site";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import {
  greetingScript,
  quickQuestionScript,
  quickQuestions,
  textResetScript,
  type QuickQuestion,
} from "@/content/demo/text-mode";
import type { DemoCard, DemoDocument } from "@/content/demo/types";
import { finishedSnapshot } from "@/lib/demo/player";
import { cn } from "@/lib/utils";

import { CARD_TITLES, InfoCard } from "./cards";
import { MessageLog, TypingIndicator } from "./chat-parts";
import { ChatWindow } from "./chat-window";
import styles from "./demo.module.css";
import { useDemoPlayer } from "./use-demo-player";

const greeting = () => ({ ...finishedSnapshot<DemoCard, DemoDocument>(greetingScript), status: "idle" as const });

/** Text mode: the greeting, six quick questions, each answered with a reply line and a card. */
export function TextModeDemo() {
  const { player, snapshot } = useDemoPlayer<DemoCard, DemoDocument>(greeting);
  const scrollRef = useRef<HTMLDivElement>(null);
  const firstQuestionRef = useRef<HTMLButtonElement>(null);
  const focusAfterReset = useRef(false);

  const running = snapshot.status === "running";
  const resetting = running && snapshot.scriptId === textResetScript.id;
  const atGreeting = !running && snapshot.messages.length <= 1 && snapshot.card === null;

  const ask = (question: QuickQuestion) => {
    // The buttons disappear, so keep keyboard focus inside the conversation.
    scrollRef.current?.focus({ preventScroll: true });
    player.play(quickQuestionScript(question), { keepConversation: true });
  };

  const reset = () => {
    if (resetting) return;
    focusAfterReset.current = true;
    player.play(textResetScript, { keepConversation: true });
  };

  useEffect(() => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [snapshot.messages.length, snapshot.typing, snapshot.card]);

  useEffect(() => {
    if (atGreeting && focusAfterReset.current) {
      focusAfterReset.current = false;
      firstQuestionRef.current?.focus();
    }
  }, [atGreeting]);

  return (
    <ChatWindow subtitle="Text chat · sample answers">
      <div
        ref={scrollRef}
        tabIndex={-1}
        role="group"
        aria-label="Conversation"
        className={cn("min-h-0 flex-1 overflow-y-auto bg-gradient-to-b from-muted/40 to-card px-5 py-5 focus:outline-none scroll-smooth", styles.noScrollbar)}
      >
        <MessageLog messages={snapshot.messages} assistantName={siteConfig.name} label={COPY.textLog} announce>
          {snapshot.typing ? (
            <li className="list-none">
              <TypingIndicator />
            </li>
          ) : null}
          {snapshot.card ? <li className="sr-only">{COPY.cardShown(CARD_TITLES[snapshot.card.type])}</li> : null}
        </MessageLog>

        {atGreeting ? (
          <div role="group" aria-label={COPY.quickQuestions} className={cn("mt-4 grid gap-2 sm:grid-cols-2 sm:pl-9", styles.fadeIn)}>
            {quickQuestions.map((question, index) => (
              <button
                key={question.id}
                ref={index === 0 ? firstQuestionRef : undefined}
                type="button"
                onClick={() => ask(question)}
                className="rounded-xl border border-primary/25 bg-card px-3.5 py-2.5 text-left text-sm font-medium text-primary shadow-sm transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {question.label}
              </button>
            ))}
          </div>
        ) : null}

        {snapshot.card ? (
          <div className={cn("mt-3 sm:pl-9", styles.cardIn)} data-testid="text-mode-card">
            <InfoCard card={snapshot.card} />
            <div className="mt-3 flex justify-center">
              <button
                type="button"
                onClick={reset}
                // Not `disabled`: that would drop keyboard focus to the page for the 0.5 s before the greeting returns.
                aria-disabled={resetting || undefined}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-medium text-foreground shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:opacity-60"
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {COPY.reset}
              </button>
            </div>
          </div>
        ) : null}
      </div>

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
          <SendHorizontal aria-hidden="true" className="size-4" />
        </button>
      </div>
    </ChatWindow>
  );
}
