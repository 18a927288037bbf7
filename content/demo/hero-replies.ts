/** What the hero demo answers when a visitor types a message of their own: honest about being a demo. */
import { VISITOR_MESSAGE_MAX } from "@/content/demo/hero-chrome";
import type { ChatDemoScript } from "@/content/demo/types";

/** The job a message asks for, by the words in it; the first match wins. */
const JOBS: readonly { words: RegExp; job: string }[] = [
  { words: /\b(invoice|bill)/i, job: "draft that invoice" },
  { words: /\b(quote|estimate)/i, job: "put that quote together" },
  { words: /\b(book|booking|appointment|slot|diary|reschedul)/i, job: "sort out that booking" },
  { words: /\bremind/i, job: "set that reminder" },
  { words: /\b(email|message|text|tell|let \w+ know)/i, job: "send that message" },
  { words: /\b(customer|client)/i, job: "update that customer" },
];

/** Otto's honest answer to a typed message: what the real app would do, and that this one does not. */
export function visitorReply(text: string): string {
  const job = JOBS.find((entry) => entry.words.test(text))?.job ?? "take care of that";
  return `In the real app I'd ${job} now. Join the waiting list to try it.`;
}

/** Typing and a reply that shows the visitor's own message was read, after whatever was on screen is put away. */
export const VISITOR_REPLY_TIMINGS = { typing: 400, reply: 1200 } as const;

/** The visitor's message and Otto's reply, added to the conversation on screen. */
export function visitorMessageScript(text: string): ChatDemoScript {
  const message = text.trim().slice(0, VISITOR_MESSAGE_MAX);
  return {
    id: "visitor-message",
    title: "Your message",
    steps: [
      { kind: "close", delay: 0, target: "card" },
      { kind: "close", delay: 0, target: "panel" },
      { kind: "user", delay: 0, text: message },
      { kind: "typing", delay: VISITOR_REPLY_TIMINGS.typing },
      { kind: "assistant", delay: VISITOR_REPLY_TIMINGS.reply, text: visitorReply(message) },
    ],
  };
}
