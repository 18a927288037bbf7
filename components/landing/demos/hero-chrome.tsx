"use client";

import type { FormEvent, KeyboardEvent, ReactNode } from "react";

import { Icon } from "@/components/icons/icon";
import { cx } from "@/components/landing/class-names";
import { AssistantAvatar } from "@/components/landing/demos/assistant-avatar";
import { siteConfig } from "@/config/site";
import { HERO_COPY } from "@/content/demo/hero-chrome";

const sidebarItems = [
  { label: "Chat", icon: "message-square-text", active: true },
  { label: "Bookings", icon: "calendar-days", active: false },
  { label: "Quotes", icon: "file-text", active: false },
  { label: "Invoices", icon: "receipt", active: false },
  { label: "Customers", icon: "users", active: false },
] as const;

/** The app's side navigation, shown when the frame is wide (a tablet). Decorative only. */
export function HeroSidebar() {
  return (
    <div aria-hidden="true" className="hidden w-52 shrink-0 flex-col border-r border-border bg-muted/60 p-3 @3xl:flex">
      <div className="flex items-center gap-2 px-2 pb-4 pt-1">
        <AssistantAvatar className="size-7" />
        <span className="text-sm font-semibold">{siteConfig.name}</span>
      </div>
      <ul className="space-y-0.5">
        {sidebarItems.map(({ label, icon, active }) => (
          <li
            key={label}
            className={cx(
              "flex items-center gap-2.5 rounded-lg px-2.5 py-2 text-[13px]",
              active ? "bg-card font-medium text-foreground shadow-sm" : "text-muted-foreground",
            )}
          >
            <Icon name={icon} className="size-4" />
            {label}
          </li>
        ))}
      </ul>
      <div className="mt-auto rounded-xl border border-border bg-card p-3">
        <p className="text-xs font-semibold">Auto mode</p>
        <p className="mt-0.5 text-[11px] leading-snug text-muted-foreground">
          Reminders and follow-ups go out on their own.
        </p>
      </div>
    </div>
  );
}

export function HeroHeader({ typing, control }: { typing: boolean; control: ReactNode }) {
  return (
    <div className="flex items-center gap-3 border-b border-border bg-card/90 px-4 py-2.5 backdrop-blur">
      <AssistantAvatar className="size-9" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold leading-tight">{siteConfig.name}</p>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
          {typing ? "typing…" : "Online · your AI employee"}
        </p>
      </div>
      {control}
    </div>
  );
}

/** The visible pause/play control (WCAG 2.2.2): its visible word is part of its accessible name. */
export function PauseControl({
  mode,
  onClick,
  disabled,
}: {
  mode: "pause" | "resume" | "play";
  onClick?: () => void;
  disabled?: boolean;
}) {
  const label = mode === "pause" ? HERO_COPY.pause : mode === "resume" ? HERO_COPY.resume : HERO_COPY.play;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      // One width for Pause, Resume and Play, the icon at its start: the word changes as the demo starts, and
      // neither the button nor its icon may move.
      className="hero-chip"
    >
      <Icon name={mode === "pause" ? "pause" : "play"} className="size-3.5" />
      {mode === "pause" ? "Pause" : mode === "resume" ? "Resume" : "Play"}
    </button>
  );
}

/**
 * The text box and play button. Typing shows nothing: this is a recorded demo, not a chat. Enter only starts a
 * demo when none runs (the typed words stay in the box, never sent anywhere); the play button restarts the demo.
 */
export function HeroInputBar({
  onSubmit,
  onRestart,
  disabled,
}: {
  onSubmit?: () => void;
  onRestart?: () => void;
  disabled?: boolean;
}) {
  // The play button is the form's submit button (a form needs one for the keyboard and for checkers), but it
  // restarts the demo, where Enter in the text box only starts one when none runs. Enter is taken in the box
  // itself: the browser's own Enter submits the form as if the play button were pressed.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.dataset.action === "restart") onRestart?.();
    else onSubmit?.();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form onSubmit={handleSubmit} className="flex items-center gap-2 border-t border-border bg-card px-3 py-3">
      <input
        type="text"
        name="demo-message"
        autoComplete="off"
        placeholder={HERO_COPY.placeholder}
        aria-label={HERO_COPY.input}
        onKeyDown={handleKeyDown}
        disabled={disabled}
        className="h-10 min-w-0 flex-1 rounded-full border border-input bg-background px-4 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <button
        type="submit"
        data-action="restart"
        disabled={disabled}
        aria-label={HERO_COPY.restart}
        title={HERO_COPY.restart}
        className="hero-restart"
      >
        <Icon name="play" className="size-4 translate-x-px fill-current" />
      </button>
    </form>
  );
}

/** What shows before the demo's code arrives: the same frame, empty. */
export function HeroDemoShell() {
  return (
    <div className="@container h-full text-left">
      <div className="flex h-full bg-background">
        <HeroSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <HeroHeader typing={false} control={<PauseControl mode="pause" disabled />} />
          <div className="flex-1 bg-gradient-to-b from-muted/50 to-background" />
          <HeroInputBar disabled />
        </div>
      </div>
    </div>
  );
}
