"use client";

import { useEffect, type RefObject } from "react";

/** Space left between the scroller's edge and what it brings into view, in px. */
const GAP = 12;

function topWithin(scroller: HTMLElement, element: HTMLElement): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/**
 * Where to scroll a conversation so a card that has just opened reads from the top: the question that asked for it
 * at the top, the card's heading under it and as much of the card as fits (all of it, when it fits). A card that
 * fits the window but not with its question is shown whole, its end (and its Close button) at the bottom: on a
 * phone the payoff and the way out matter more than the question just read. Only when the question and the
 * heading cannot both be shown does the card's own heading go to the top. Never further than the end of the card.
 */
export function cardScrollTop(
  view: number,
  card: { top: number; headingBottom: number; bottom: number },
  questionTop: number | null,
  gap = GAP,
): number {
  const toCardEnd = card.bottom + gap - view;
  if (card.bottom - card.top + 2 * gap <= view) return Math.max(0, toCardEnd);
  const from = questionTop !== null && card.headingBottom - questionTop + 2 * gap <= view ? questionTop : card.top;
  return Math.max(0, Math.min(toCardEnd, from - gap));
}

/**
 * Keeps a chat demo's newest part in view: each new message scrolls to the end, and a card opens under the
 * question that asked for it, showing its heading rather than its last lines.
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
    const heading = cardElement.querySelector<HTMLElement>("header") ?? cardElement;
    scroller.scrollTop = cardScrollTop(
      scroller.clientHeight,
      {
        top,
        headingBottom: topWithin(scroller, heading) + heading.offsetHeight,
        bottom: top + cardElement.offsetHeight,
      },
      question ? topWithin(scroller, question) : null,
    );
  }, [scrollRef, messages, typing, card]);
}
