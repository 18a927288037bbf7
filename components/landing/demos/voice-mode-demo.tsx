"use client";

import { Mic, Volume2, VolumeX } from "lucide-react";
import { useRef, useState } from "react";

import { CARD_TITLES, InfoCard } from "@/components/landing/demos/cards";
import { MessageLog, TypingIndicator } from "@/components/landing/demos/chat-parts";
import { ChatWindow } from "@/components/landing/demos/chat-window";
import styles from "@/components/landing/demos/demo.module.css";
import { useConversationScroll } from "@/components/landing/demos/use-conversation-scroll";
import { useDemoPlayer } from "@/components/landing/demos/use-demo-player";
import { useDemoSpeech } from "@/components/landing/demos/use-demo-speech";
import { usePrefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import { siteConfig } from "@/config/site";
import { CHAT_SECTION_COPY as COPY } from "@/content/demo/chat-section";
import type { DemoCard, DemoDocument } from "@/content/demo/types";
import { voiceScript } from "@/content/demo/voice-mode";
import { cn } from "@/lib/utils";

/** Voice mode: a microphone and Try Demo, playing one spoken request through to the email it sends. */
export function VoiceModeDemo() {
  const { player, snapshot } = useDemoPlayer<DemoCard, DemoDocument>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const tryRef = useRef<HTMLButtonElement>(null);

  const running = snapshot.status === "running";
  // Spoken aloud unless the visitor asks for less motion, or turns the sound off; the captions stay either way.
  const reducedMotion = usePrefersReducedMotion();
  const [soundChoice, setSoundChoice] = useState<boolean | null>(null);
  const sound = soundChoice ?? !reducedMotion;
  const speech = useDemoSpeech(snapshot.messages, sound);
  const listening = running && snapshot.messages.length === 0;
  // "Handled" only once the whole answer is in: the reply said and the sent email on screen.
  const handled = snapshot.status === "finished";
  const status = listening
    ? COPY.micListening
    : handled
      ? COPY.micDone
      : snapshot.messages.length > 0
        ? COPY.micWorking
        : COPY.micIdle;

  useConversationScroll(scrollRef, {
    messages: snapshot.messages.length,
    typing: snapshot.typing,
    card: snapshot.card,
  });

  const close = () => {
    speech.stop();
    player.close("card");
    tryRef.current?.focus();
  };

  return (
    <ChatWindow subtitle="Voice · sample request">
      <div
        ref={scrollRef}
        className={cn(
          "min-h-0 flex-1 overflow-y-auto bg-gradient-to-b from-muted/40 to-card px-5 py-5 scroll-smooth",
          styles.noScrollbar,
        )}
      >
        {snapshot.messages.length === 0 && !running ? (
          <p className="mx-auto mt-16 max-w-xs text-center text-sm text-muted-foreground">
            Press <span className="font-semibold text-foreground">{COPY.tryDemo}</span> to hear how {siteConfig.name}{" "}
            handles a request spoken on the road.
          </p>
        ) : null}
        <MessageLog messages={snapshot.messages} assistantName={siteConfig.name} label={COPY.voiceLog} announce>
          {snapshot.typing ? (
            <li className="list-none">
              <TypingIndicator />
            </li>
          ) : null}
          {snapshot.card ? <li className="sr-only">{COPY.cardShown(CARD_TITLES[snapshot.card.type])}</li> : null}
        </MessageLog>
        {snapshot.card ? (
          <div className={cn("mt-3 sm:pl-9", styles.cardIn)} data-testid="voice-mode-card" data-demo-card="">
            <InfoCard card={snapshot.card} className="border-emerald-200" />
            <div className="mt-3 flex justify-center">
              <button
                type="button"
                onClick={close}
                className="inline-flex h-9 items-center rounded-full border border-border bg-card px-5 text-sm font-medium shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {COPY.close}
              </button>
            </div>
          </div>
        ) : null}
      </div>

      <div className="flex flex-col items-center gap-3 border-t border-border bg-card px-5 pb-5 pt-4">
        {/* The microphone shows what the demo is doing; Try Demo is the control. Drawn flat and small beside the
            status, so it reads as a sign rather than a button to tap. */}
        <div className="flex items-center gap-2.5">
          <span className="relative grid size-9 shrink-0 place-items-center" aria-hidden="true">
            {listening ? (
              <>
                <span className={cn("absolute inset-0 rounded-full bg-primary/30", styles.ring)} />
                <span className={cn("absolute inset-0 rounded-full bg-primary/30", styles.ring)} />
              </>
            ) : null}
            <span
              data-testid="voice-mic"
              className={cn(
                "relative grid size-9 place-items-center rounded-full transition-colors",
                listening ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
              )}
            >
              <Mic className="size-4" />
            </span>
          </span>
          <p className="text-xs font-medium text-muted-foreground" role="status">
            {status}
          </p>
        </div>
        {/* Side by side on a phone, so the conversation keeps the height to show the sent email whole, Close
            included; stacked from sm up, where the window has room. */}
        <div className="flex items-center justify-center gap-2 sm:flex-col sm:gap-3">
          <button
            ref={tryRef}
            type="button"
            // aria-disabled rather than disabled: a disabled button drops keyboard focus to the page while the demo runs.
            onClick={() => {
              if (running) return;
              speech.start();
              player.play(voiceScript);
            }}
            aria-disabled={running || undefined}
            className="inline-flex h-10 items-center gap-2 rounded-full bg-primary px-6 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-disabled:cursor-default aria-disabled:opacity-60 aria-disabled:hover:bg-primary"
          >
            {COPY.tryDemo}
          </button>
          {speech.supported ? (
            <button
              type="button"
              aria-pressed={sound}
              onClick={() => setSoundChoice(!sound)}
              className="inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {sound ? (
                <Volume2 aria-hidden="true" className="size-4" />
              ) : (
                <VolumeX aria-hidden="true" className="size-4" />
              )}
              {COPY.sound}
            </button>
          ) : null}
        </div>
      </div>
    </ChatWindow>
  );
}
