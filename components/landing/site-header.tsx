"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { Icon } from "@/components/icons/icon";
import { cx } from "@/components/landing/class-names";
import { Logo } from "@/components/landing/logo";
import { activeSectionId, headerState, MOBILE_BREAKPOINT } from "@/components/landing/scroll-math";
import { useScrollFrame } from "@/components/landing/use-scroll-frame";
import { useSmoothAnchors } from "@/components/landing/use-smooth-anchors";
import type { SectionLink } from "@/content/landing/types";

interface SiteHeaderProps {
  links: readonly SectionLink[];
  /** Every section anchor in page order, linked or not: a section without a link marks no link as current. */
  sectionIds: readonly string[];
  cta: SectionLink;
  homeId: string;
}

const MENU_ID = "mobile-menu";

const ctaClass =
  "items-center justify-center rounded-full bg-primary font-medium text-primary-foreground shadow-md shadow-primary/25 transition-colors hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none";

/**
 * The fixed header: hidden over the hero, shown after 95% of the viewport has been scrolled (or whenever it holds
 * keyboard focus), translucent after 20 px, with the current section's link marked `aria-current`.
 */
export function SiteHeader({ links, sectionIds, cta, homeId }: SiteHeaderProps) {
  const [pastHero, setPastHero] = useState(false);
  const [translucent, setTranslucent] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  useScrollFrame(() => {
    const state = headerState(window.scrollY, window.innerHeight);
    setPastHero(state.visible);
    setTranslucent(state.translucent);
    const positions = sectionIds.flatMap((id) => {
      const element = document.getElementById(id);
      return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
    });
    setActiveId(activeSectionId(positions));
  });

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useSmoothAnchors(closeMenu);

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setMenuOpen(false);
    }
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    function onWide(event: MediaQueryListEvent) {
      if (event.matches) setMenuOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    wide.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      wide.removeEventListener("change", onWide);
    };
  }, [menuOpen]);

  const visible = pastHero || menuOpen || hasFocus;

  function navLink(link: SectionLink, mobile: boolean) {
    const current = link.id === activeId;
    return (
      <a
        href={`#${link.id}`}
        aria-current={current ? "location" : undefined}
        className={cx(
          mobile ? "nav-link-menu" : "nav-link",
          current ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
        )}
      >
        {link.label}
      </a>
    );
  }

  return (
    <header
      ref={headerRef}
      data-site-header=""
      data-visible={visible ? "true" : "false"}
      data-translucent={translucent ? "true" : "false"}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
      className={cx(
        "fixed inset-x-0 top-0 z-50 border-b transition-[opacity,translate,background-color,border-color,box-shadow] duration-300",
        visible
          ? "translate-y-0 opacity-100"
          : "pointer-events-none -translate-y-full opacity-0 motion-reduce:translate-y-0",
        translucent || menuOpen
          ? "border-border/70 bg-background/80 shadow-[0_1px_24px_-12px_oklch(0.3_0.1_275/0.25)] backdrop-blur-xl backdrop-saturate-150"
          : "border-transparent bg-transparent",
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-6 md:px-4 lg:gap-4 lg:px-6">
        <a
          href={`#${homeId}`}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Logo size={30} nameClassName="text-lg" />
        </a>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center lg:gap-1">
            {links.map((link) => (
              <li key={link.id}>{navLink(link, false)}</li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a
            href={`#${cta.id}`}
            data-header-cta=""
            className={cx(ctaClass, "hidden h-9 px-3 text-[13px] whitespace-nowrap sm:inline-flex lg:px-4 lg:text-sm")}
          >
            {cta.label}
          </a>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex size-11 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:hidden"
          >
            <Icon name={menuOpen ? "x" : "menu"} className="size-5" />
          </button>
        </div>
      </div>

      <div id={MENU_ID} hidden={!menuOpen} className="border-t border-border/70 md:hidden">
        <nav aria-label="Main menu" className="mx-auto max-w-6xl px-4 pt-3 pb-5">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.id}>{navLink(link, true)}</li>
            ))}
          </ul>
          <a href={`#${cta.id}`} className={cx(ctaClass, "mt-4 flex h-12 w-full text-base")}>
            {cta.label}
          </a>
        </nav>
      </div>
    </header>
  );
}
