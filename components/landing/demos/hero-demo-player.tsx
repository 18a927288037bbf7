"use client";

import { AnimatePresence, animateValue, styleEffect, useMotionValue, usePresence, useTransform } from "motion/react";
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

import { InfoCard } from "@/components/landing/demos/cards";
import { MessageLog, TypingIndicator } from "@/components/landing/demos/chat-parts";
import styles from "@/components/landing/demos/demo.module.css";
import { DocumentCard } from "@/components/landing/demos/documents";
import { HeroHeader, HeroInputBar, HeroSidebar, PauseControl } from "@/components/landing/demos/hero-chrome";
import { useHeroDemo, type HeroDemoOptions } from "@/components/landing/demos/use-hero-demo";
import { siteConfig } from "@/config/site";
import { HERO_COPY } from "@/content/demo/hero-chrome";
import { reportBrowserErrors } from "@/lib/errors/browser-reporter";
import { cn } from "@/lib/utils";

// The card rises and fades in, and sinks out when it closes; the document panel slides up from the bottom edge and
// back down. Each is one motion value, 0 out of sight and 1 in place, tweened for a fixed time on the page's animation
// frames (not handed to the browser's own animations, which keep a clock of their own), so they move, pause and come
// to rest with the rest of the demo's timing. Visitors who ask for less motion see both simply appear and go.
// AnimatePresence keeps each on screen until it has moved out; motion's style effect writes the values onto a plain
// element, which brings far less of the library into the player's chunk than its motion components would.
const TWEENS = {
  card: { enter: { duration: 360, ease: [0.2, 0.8, 0.2, 1] }, leave: { duration: 220, ease: "easeIn" } },
  panel: { enter: { duration: 420, ease: [0.22, 1, 0.36, 1] }, leave: { duration: 260, ease: [0.4, 0, 1, 1] } },
} as const;

/** Each one out of sight, as it is first drawn before it moves in. */
const HIDDEN: Record<keyof typeof TWEENS, CSSProperties> = {
  card: { opacity: 0, transform: "translateY(12px) scale(0.98)" },
  panel: { transform: "translateY(100%)" },
};

/** A card or panel over the conversation: it moves in when it appears, and out before it goes. */
function Overlay({
  kind,
  still,
  testId,
  className,
  children,
}: {
  kind: keyof typeof TWEENS;
  still: boolean;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [isPresent, safeToRemove] = usePresence();
  // Drawn out of sight at first, then left to motion: the same object on every render, so React never rewrites it.
  const [firstStyle] = useState(() => (still ? undefined : HIDDEN[kind]));
  const shown = useMotionValue(still ? 1 : 0);
  // The card fades and rises 12 px from a touch smaller; the panel rises its own height.
  const opacity = useTransform(shown, (value) => (kind === "card" ? value : 1));
  const y = useTransform(shown, (value) => (kind === "card" ? `${(1 - value) * 12}px` : `${(1 - value) * 100}%`));
  const scale = useTransform(shown, (value) => (kind === "card" ? 0.98 + 0.02 * value : 1));

  useEffect(() => styleEffect(ref.current!, { opacity, y, scale }), [opacity, y, scale]);

  useEffect(() => {
    const target = isPresent ? 1 : 0;
    if (still) {
      shown.jump(target);
      if (!isPresent) safeToRemove();
      return;
    }
    let current = true;
    const tween = animateValue({
      keyframes: [shown.get(), target],
      ...TWEENS[kind][isPresent ? "enter" : "leave"],
      onUpdate: (value: number) => shown.set(value),
    });
    // Gone once it is out of sight, unless it came back on the way.
    if (!isPresent) void tween.finished.then(() => current && safeToRemove());
    return () => {
      current = false;
      tween.stop();
    };
  }, [isPresent, still, kind, shown, safeToRemove]);

  return (
    <div ref={ref} data-testid={testId} style={firstStyle} className={className}>
      {children}
    </div>
  );
}

/** The hero's chat demo: scripted conversations with a service card and a sliding document panel. */
export function HeroDemoPlayer(props: HeroDemoOptions) {
  // The player loads on the page's first interaction: from then on, the page's own errors are reported.
  useEffect(reportBrowserErrors, []);
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const demo = useHeroDemo(rootRef, props);
  const { snapshot, reducedMotion } = demo;
  const { card, panel } = snapshot;

  // Keep the newest message in view, above whatever card or panel is open. An empty log has nothing to scroll:
  // skipping it on mount spares a forced layout in the task that swaps the player in.
  const hasContent = snapshot.messages.length > 0 || snapshot.typing;
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || !hasContent) return;
    const toEnd = () => {
      scroller.scrollTop = scroller.scrollHeight;
    };
    toEnd();
    if (typeof ResizeObserver === "undefined") return;
    // The frame can still change size after the messages are drawn (the device frame settling as the page lays
    // out): follow it, or the newest message is left under the card or panel.
    const observer = new ResizeObserver(toEnd);
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => observer.disconnect();
  }, [hasContent, snapshot.messages.length, snapshot.typing, card, panel]);

  const mode = !demo.running ? "play" : demo.userPaused ? "resume" : "pause";

  return (
    <div
      ref={rootRef}
      role="region"
      aria-label={HERO_COPY.region}
      data-status={snapshot.status}
      data-paused={snapshot.paused ? "true" : "false"}
      className={cn("@container h-full text-left", reducedMotion && styles.still)}
    >
      <div className="flex h-full bg-background">
        <HeroSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <HeroHeader typing={snapshot.typing} control={<PauseControl mode={mode} onClick={demo.togglePause} />} />
          <div className="relative min-h-0 flex-1 overflow-hidden bg-gradient-to-b from-muted/50 to-background">
            <div
              ref={scrollRef}
              // Scrollable content must be reachable by keyboard.
              tabIndex={0}
              role="group"
              aria-label="Conversation"
              // The room kept under the messages for the card or panel changes at once, not over a transition: the
              // scroll to the newest message is measured as it opens, and a padding still growing would leave that
              // message under the panel.
              className={cn(
                "h-full overflow-y-auto px-4 pt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                styles.noScrollbar,
                !reducedMotion && "scroll-smooth",
                panel ? "pb-[366px]" : card ? "pb-[256px]" : "pb-4",
              )}
            >
              <div className="mx-auto max-w-2xl">
                <p className="mb-3 text-center text-[11px] font-medium uppercase tracking-wider text-muted-foreground">
                  Today
                </p>
                <MessageLog
                  messages={snapshot.messages}
                  assistantName={siteConfig.name}
                  label={HERO_COPY.log}
                  announce={false}
                  compact
                >
                  {snapshot.typing ? (
                    <li className="list-none">
                      <TypingIndicator compact />
                    </li>
                  ) : null}
                </MessageLog>
              </div>
            </div>

            <AnimatePresence>
              {card ? (
                <Overlay
                  key="card"
                  kind="card"
                  still={reducedMotion}
                  testId="hero-service-card"
                  className="absolute inset-x-3 bottom-3 mx-auto flex max-h-[240px] max-w-md flex-col"
                >
                  <InfoCard card={card} onClose={() => demo.close("card")} className="max-h-[240px] shadow-xl" />
                </Overlay>
              ) : null}
            </AnimatePresence>

            <AnimatePresence>
              {panel ? (
                <Overlay
                  key="panel"
                  kind="panel"
                  still={reducedMotion}
                  testId="hero-document-panel"
                  className="absolute inset-x-0 bottom-0 mx-auto max-h-[350px] max-w-2xl px-2"
                >
                  {/* As tall as its content, up to the panel's 350 px (its body scrolls past that). */}
                  <div key={panel.type} className={styles.fadeIn}>
                    <DocumentCard
                      document={panel}
                      onClose={() => demo.close("panel")}
                      className="max-h-[350px] rounded-b-none border-b-0 shadow-[0_-16px_40px_-16px_oklch(0.3_0.05_270/0.35)]"
                    />
                  </div>
                </Overlay>
              ) : null}
            </AnimatePresence>
          </div>
          <HeroInputBar onSubmit={demo.submit} onRestart={demo.restart} />
        </div>
      </div>
    </div>
  );
}
