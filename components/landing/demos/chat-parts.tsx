import type { ReactNode } from "react";

import { AssistantAvatar } from "@/components/landing/demos/assistant-avatar";
import styles from "@/components/landing/demos/demo.module.css";
import { resolveDemoDates } from "@/lib/demo/format";
import type { DemoMessage } from "@/lib/demo/player";
import { cn } from "@/lib/utils";

/** One chat bubble: the visitor's on the right, the assistant's on the left with its avatar. */
export function MessageBubble({
  message,
  assistantName,
  compact = false,
  still = false,
}: {
  message: DemoMessage;
  assistantName: string;
  compact?: boolean;
  /** Already on screen when it rendered (the built page showed it first), so it does not slide in again. */
  still?: boolean;
}) {
  const isUser = message.role === "user";
  return (
    <li data-role={message.role} className={cn("flex items-end gap-2", isUser ? "justify-end pl-8" : "pr-8")}>
      {isUser ? null : <AssistantAvatar className={compact ? "size-6" : "size-7"} />}
      <p
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 leading-snug shadow-sm",
          compact ? "text-[13px]" : "text-sm",
          isUser
            ? cn("rounded-br-md bg-primary text-primary-foreground", !still && styles.bubbleInUser)
            : cn("rounded-bl-md border border-border/70 bg-card text-card-foreground", !still && styles.bubbleIn),
        )}
      >
        <span className="sr-only">{isUser ? "You: " : `${assistantName}: `}</span>
        {resolveDemoDates(message.text)}
      </p>
    </li>
  );
}

/** Three bouncing dots while the assistant "types". Decorative: the reply itself is announced. */
export function TypingIndicator({ compact = false }: { compact?: boolean }) {
  return (
    <div className={cn("flex items-end gap-2", styles.fadeIn)} aria-hidden="true" data-testid="typing-indicator">
      <AssistantAvatar className={compact ? "size-6" : "size-7"} />
      <div className="flex h-9 items-center gap-1 rounded-2xl rounded-bl-md border border-border/70 bg-card px-3.5 shadow-sm">
        <span className={cn("size-1.5 rounded-full bg-muted-foreground", styles.dot)} />
        <span className={cn("size-1.5 rounded-full bg-muted-foreground", styles.dot)} />
        <span className={cn("size-1.5 rounded-full bg-muted-foreground", styles.dot)} />
      </div>
    </div>
  );
}

/**
 * The conversation as a list. `announce` makes it a polite live log, so screen readers hear new
 * messages without being interrupted.
 */
export function MessageLog({
  messages,
  assistantName,
  label,
  announce,
  compact,
  still,
  children,
}: {
  messages: readonly DemoMessage[];
  assistantName: string;
  label: string;
  announce: boolean;
  compact?: boolean;
  /** Messages (by id) that were already on screen and appear without the slide-in. */
  still?: ReadonlySet<string>;
  children?: ReactNode;
}) {
  return (
    <div role="log" aria-label={label} aria-live={announce ? "polite" : "off"} aria-relevant="additions">
      <ol className={cn("flex flex-col", compact ? "gap-2" : "gap-3")}>
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            assistantName={assistantName}
            compact={compact}
            still={still?.has(message.id)}
          />
        ))}
        {children}
      </ol>
    </div>
  );
}
