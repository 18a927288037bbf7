"use client";

import { useEffect, type RefObject } from "react";

/** Space left between the scroller's edge and what it brings into view, in px. */
const GAP = 12;

function topWithin(scroller: HTMLElement, element: HTMLElement): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/**
 * Where to scroll a conversation so a card that has just opened reads from its heading: with the question that
 * asked for it still above it when both fit, otherwise with the card's own heading at the top. Never further than
 * the bottom of the card.
 */
export function cardScrollTop(
  view: number,
  card: { top: number; bottom: number },
  questionTop: number | null,
  gap = GAP,
): number {
  const from = questionTop ?? card.top;
  const toCardEnd = card.bottom + gap - view;
  const target = card.bottom - from + 2 * gap <= view ? toCardEnd : card.top - gap;
  return Math.max(0, Math.min(target, toCardEnd));
}

/**
 * Keeps a chat demo's newest part in view: each new message scrolls to the end, and a card opens showing its
 * heading (and the question, when there is room) rather than its last lines.
 */
export function useConversationScroll(
  scrollRef: RefObject<HTMLElement | null>,
  changes: { messages: number; typing: boolean; card: unknown },
): void {
  const { messages, typing, card } = changes;
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const cardElement = card ? scroller.querySelector<HTMLElement>("[data-demo-card]") : null;
    if (!cardElement) {
      scroller.scrollTop = scroller.scrollHeight;
      return;
    }
    const questions = scroller.querySelectorAll<HTMLElement>('[data-role="user"]');
    const question = questions[questions.length - 1] ?? null;
    const top = topWithin(scroller, cardElement);
    scroller.scrollTop = cardScrollTop(
      scroller.clientHeight,
      { top, bottom: top + cardElement.offsetHeight },
      question ? topWithin(scroller, question) : null,
    );
  }, [scrollRef, messages, typing, card]);
}
