"use client";

import { useId, useRef, useState } from "react";

import { Icon } from "@/components/icons/icon";
import { cx } from "@/components/landing/class-names";
import { wrapIndex } from "@/components/landing/scroll-math";
import { prefersReducedMotion } from "@/components/landing/use-prefers-reduced-motion";
import type { IconName } from "@/content/icon-names";
import type { ExampleCommand } from "@/content/landing/business-examples";

export interface CarouselSlide {
  id: string;
  label: string;
  summary: string;
  commands: readonly ExampleCommand[];
  icon: IconName;
}

interface BusinessCarouselProps {
  label: string;
  slides: readonly CarouselSlide[];
  /** The assistant's name, read out before each of its replies. */
  assistantName: string;
}

/**
 * A tabbed carousel (WAI-ARIA APG): a tab list with roving focus and arrow keys, previous/next buttons that wrap
 * around, and dot buttons. Every tab has its panel element; only the selected one has content, which keeps the
 * page's HTML small (the copy arrives once, as data).
 */
export function BusinessCarousel({ label, slides, assistantName }: BusinessCarouselProps) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const count = slides.length;

  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  function scrollTabIntoView(index: number) {
    const list = listRef.current;
    const tab = tabRefs.current[index];
    if (!list || !tab) return;
    // Scroll the tab strip only, never the page.
    const left = tab.offsetLeft - list.clientWidth / 2 + tab.offsetWidth / 2;
    // An explicit "smooth" would override the reduced-motion rule in globals.css, so ask for it only when allowed.
    list.scrollTo({ left, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }

  function select(index: number, focusTab = false) {
    const next = wrapIndex(index, count);
    setActive(next);
    scrollTabIntoView(next);
    if (focusTab) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    const keys: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: count - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  }

  const current = slides[active];

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className="flex flex-col gap-8">
      {/* A phone scrolls the row sideways. From lg the nine tabs sit in a pill: two even rows (five and four) until
          xl, where they fit on one, so no width leaves a tab alone on a line or hidden past the edge. */}
      <div
        ref={listRef}
        role="tablist"
        aria-label="Business types"
        // One row at every width: where the tabs do not fit it scrolls sideways (the selected tab is scrolled into
        // view), rather than wrapping one tab onto a line of its own.
        className="carousel-tabs"
      >
        {slides.map((tab, index) => {
          const selected = index === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={panelId(index)}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={onTabKeyDown}
              className={cx(
                "carousel-tab",
                selected
                  ? "border-primary bg-primary text-primary-foreground shadow-md shadow-primary/25"
                  : "border-border bg-card text-foreground hover:border-primary/40 hover:bg-accent lg:border-transparent lg:bg-transparent lg:hover:border-transparent",
              )}
            >
              <Icon name={tab.icon} />
              {tab.label}
            </button>
          );
        })}
      </div>

      {/* Above the slide, not under it: on a phone the slide is taller than the screen, and the arrows must sit
          where the visitor sees what they change. */}
      <div className="flex items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => select(active - 1)}
          aria-controls={panelId(wrapIndex(active - 1, count))}
          aria-label={`Previous business type: ${slides[wrapIndex(active - 1, count)]?.label ?? ""}`}
          data-carousel="previous"
          className="inline-flex size-11 items-center justify-center rounded-full border border-border bg-card text-foreground shadow-sm transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Icon name="chevron-left" className="size-5" />
        </button>

        <div role="group" aria-label="Choose a business type" className="flex items-center">
          {slides.map((tab, index) => (
            <button
              key={tab.id}
              type="button"
              onClick={() => select(index)}
              aria-label={`${tab.label} (${index + 1} of ${count})`}
              aria-controls={panelId(index)}
              aria-current={index === active ? "true" : undefined}
              data-carousel="dot"
              className="group carousel-dot"
            >
              <span
                aria-hidden="true"
                className={cx(
                  "block h-2 rounded-full transition-all duration-300",
                  index === active ? "w-5 bg-primary" : "w-2 bg-foreground/25 group-hover:bg-foreground/50",
                )}
              />
            </button>
          ))}
        </div>

        <button
          type="button"
          onClick={() => select(active + 1)}
          aria-controls={panelId(wrapIndex(active + 1, count))}
          aria-label={`Next business type: ${slides[wrapIndex(active + 1, count)]?.label ?? ""}`}
          data-carousel="next"
          className="inline-flex size-11 items-center justify-center rounded-full border border-border bg-card text-foreground shadow-sm transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Icon name="chevron-right" className="size-5" />
        </button>
      </div>

      <div>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            aria-roledescription="slide"
            hidden={index !== active}
            tabIndex={0}
            className="carousel-panel"
          >
            {index === active ? <Slide slide={slide} assistantName={assistantName} /> : null}
          </div>
        ))}
      </div>

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {current ? `Showing ${current.label}, ${active + 1} of ${count}` : ""}
      </p>
    </div>
  );
}

function Slide({ slide, assistantName }: { slide: CarouselSlide; assistantName: string }) {
  return (
    <div className="grid overflow-hidden rounded-3xl border bg-card shadow-[0_24px_60px_-32px_oklch(0.3_0.1_275/0.35)] min-h-[51rem] grid-rows-[auto_1fr] sm:min-h-0 lg:min-h-[26rem] lg:grid-rows-none lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="relative isolate flex flex-col justify-between gap-10 overflow-hidden bg-gradient-to-br from-indigo-600 via-primary to-violet-800 p-8 text-white sm:p-10 [&_.slide-watermark_svg]:size-40 [&_.slide-watermark_svg]:stroke-[1.25]">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl"
        />
        {/* In the top corner, clear of the heading and the summary below, so no text is read over it. */}
        <span
          aria-hidden="true"
          data-slide-watermark=""
          className="slide-watermark absolute -top-10 -right-10 -z-10 text-white/10"
        >
          <Icon name={slide.icon} />
        </span>
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25 [&_svg]:size-7">
          <Icon name={slide.icon} />
        </span>
        <div>
          <h3 className="text-3xl font-semibold tracking-tight">{slide.label}</h3>
          <p className="mt-3 max-w-sm text-indigo-50">{slide.summary}</p>
        </div>
      </div>

      <ol
        className="flex flex-col justify-start gap-5 p-6 sm:justify-center sm:p-10"
        aria-label={`Example requests for ${slide.label}`}
      >
        {slide.commands.map((example) => (
          <li key={example.command} className="flex flex-col gap-2.5">
            <p className="carousel-command">
              <span className="sr-only">You: </span>
              {example.command}
            </p>
            <div className="flex items-center gap-2.5">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src="/images/assistant-avatar.svg" alt="" width={28} height={28} className="shrink-0" />
              <p className="carousel-result">
                <span className="sr-only">{assistantName}: </span>
                <Icon name="check-check" className="size-4 shrink-0 text-success" />
                {example.result}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
