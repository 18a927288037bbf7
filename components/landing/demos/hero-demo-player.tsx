"use client";

import { useEffect, useRef } from "react";

import { InfoCard } from "@/components/landing/demos/cards";
import { MessageLog, TypingIndicator } from "@/components/landing/demos/chat-parts";
import styles from "@/components/landing/demos/demo.module.css";
import { DocumentCard } from "@/components/landing/demos/documents";
import { HeroHeader, HeroInputBar, HeroSidebar, PauseControl } from "@/components/landing/demos/hero-chrome";
import { usePresence } from "@/components/landing/demos/use-demo-player";
import { useHeroDemo, type HeroDemoOptions } from "@/components/landing/demos/use-hero-demo";
import { siteConfig } from "@/config/site";
import { HERO_COPY } from "@/content/demo/hero-chrome";
import { cn } from "@/lib/utils";

/** The hero's chat demo: scripted conversations with a service card and a sliding document panel. */
export function HeroDemoPlayer(props: HeroDemoOptions) {
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const demo = useHeroDemo(rootRef, props);
  const { snapshot, reducedMotion } = demo;
  const card = usePresence(snapshot.card, reducedMotion ? 0 : 220);
  const panel = usePresence(snapshot.panel, reducedMotion ? 0 : 260);

  // Keep the newest message in view, above whatever card or panel is open. An empty log has nothing to scroll:
  // skipping it on mount spares a forced layout in the task that swaps the player in.
  const hasContent = snapshot.messages.length > 0 || snapshot.typing;
  useEffect(() => {
    const scroller = scrollRef.current;
    if (scroller && hasContent) scroller.scrollTop = scroller.scrollHeight;
  }, [hasContent, snapshot.messages.length, snapshot.typing, card.shown, panel.shown]);

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
              className={cn(
                "h-full overflow-y-auto px-4 pt-4 transition-[padding] duration-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                styles.noScrollbar,
                !reducedMotion && "scroll-smooth",
                panel.shown ? "pb-[366px]" : card.shown ? "pb-[256px]" : "pb-4",
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

            {card.shown ? (
              <div
                data-testid="hero-service-card"
                className={cn(
                  "absolute inset-x-3 bottom-3 mx-auto flex max-h-[240px] max-w-md flex-col",
                  card.leaving ? styles.cardOut : styles.cardIn,
                )}
              >
                <InfoCard card={card.shown} onClose={() => demo.close("card")} className="max-h-[240px] shadow-xl" />
              </div>
            ) : null}

            {panel.shown ? (
              <div
                data-testid="hero-document-panel"
                className={cn(
                  "absolute inset-x-0 bottom-0 mx-auto max-h-[350px] max-w-2xl px-2",
                  panel.leaving ? styles.sheetDown : styles.sheetUp,
                )}
              >
                {/* As tall as its content, up to the panel's 350 px (its body scrolls past that). */}
                <div key={panel.shown.type} className={styles.fadeIn}>
                  <DocumentCard
                    document={panel.shown}
                    onClose={() => demo.close("panel")}
                    className="max-h-[350px] rounded-b-none border-b-0 shadow-[0_-16px_40px_-16px_oklch(0.3_0.05_270/0.35)]"
                  />
                </div>
              </div>
            ) : null}
          </div>
          <HeroInputBar onSubmit={demo.submit} onRestart={demo.restart} />
        </div>
      </div>
    </div>
  );
}
