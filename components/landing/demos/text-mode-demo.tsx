"use client";

import { RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { CARD_TITLES, InfoCard } from "@/components/landing/demos/cards";
import { MessageLog, TypingIndicator } from "@/components/landing/demos/chat-parts";
import { ChatWindow } from "@/components/landing/demos/chat-window";
import styles from "@/components/landing/demos/demo.module.css";
import {
  conversationClass,
  DisabledMessageBar,
  QuickQuestionList,
  TEXT_CHAT_SUBTITLE,
} from "@/components/landing/demos/text-mode-parts";
import { useConversationScroll } from "@/components/landing/demos/use-conversation-scroll";
import { useDemoPlayer } from "@/components/landing/demos/use-demo-player";
import { siteConfig } from "@/config/site";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import {
  greetingScript,
  quickQuestions,
  quickQuestionScript,
  textResetScript,
  type QuickQuestion,
} from "@/content/demo/text-mode";
import type { DemoCard, DemoDocument } from "@/content/demo/types";
import { finishedSnapshot } from "@/lib/demo/player";
import { cn } from "@/lib/utils";

/** The text mode's first screen: the greeting, as the built page shows it before any script runs. */
export const textGreeting = () => ({
  ...finishedSnapshot<DemoCard, DemoDocument>(greetingScript),
  status: "idle" as const,
});

// The greeting was on screen in the built page before this demo took its place: it stays put, no slide-in.
const firstGreeting = new Set(textGreeting().messages.map((message) => message.id));

/**
 * Text mode: the greeting, six quick questions, each answered with a reply line and a card. `ask` plays a
 * question at once: the one the visitor pressed in the built page while this code was on its way.
 */
export function TextModeDemo({ ask: askFirst }: { ask?: string } = {}) {
  const { player, snapshot } = useDemoPlayer<DemoCard, DemoDocument>(textGreeting);
  const scrollRef = useRef<HTMLDivElement>(null);
  const firstQuestionRef = useRef<HTMLButtonElement>(null);
  const focusAfterReset = useRef(false);
  // The questions fade in when they come back after a reset, not on the first screen, which was already there.
  const [played, setPlayed] = useState(askFirst !== undefined);

  const running = snapshot.status === "running";
  const resetting = running && snapshot.scriptId === textResetScript.id;
  const atGreeting = !running && snapshot.messages.length <= 1 && snapshot.card === null;

  const play = (question: QuickQuestion) => {
    // The buttons disappear, so keep keyboard focus inside the conversation.
    scrollRef.current?.focus({ preventScroll: true });
    player.play(quickQuestionScript(question), { keepConversation: true });
  };

  const ask = (question: QuickQuestion) => {
    setPlayed(true);
    play(question);
  };

  useEffect(() => {
    const question = quickQuestions.find((candidate) => candidate.id === askFirst);
    if (question) play(question);
    // Only on mount: the press that arrived before the demo did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reset = () => {
    if (resetting) return;
    focusAfterReset.current = true;
    player.play(textResetScript, { keepConversation: true });
  };

  useConversationScroll(scrollRef, {
    messages: snapshot.messages.length,
    typing: snapshot.typing,
    card: snapshot.card,
  });

  useEffect(() => {
    if (atGreeting && focusAfterReset.current) {
      focusAfterReset.current = false;
      firstQuestionRef.current?.focus();
    }
  }, [atGreeting]);

  return (
    <ChatWindow subtitle={TEXT_CHAT_SUBTITLE}>
      <div ref={scrollRef} tabIndex={-1} role="group" aria-label="Conversation" className={conversationClass}>
        <MessageLog
          messages={snapshot.messages}
          assistantName={siteConfig.name}
          label={COPY.textLog}
          announce
          still={firstGreeting}
        >
          {snapshot.typing ? (
            <li className="list-none">
              <TypingIndicator />
            </li>
          ) : null}
          {snapshot.card ? <li className="sr-only">{COPY.cardShown(CARD_TITLES[snapshot.card.type])}</li> : null}
        </MessageLog>

        {atGreeting ? <QuickQuestionList onAsk={ask} firstRef={firstQuestionRef} fadeIn={played} /> : null}

        {snapshot.card ? (
          <div className={cn("mt-3 sm:pl-9", styles.cardIn)} data-testid="text-mode-card" data-demo-card="">
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

      <DisabledMessageBar />
    </ChatWindow>
  );
}
