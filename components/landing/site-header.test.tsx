/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SiteHeader } from "@/components/landing/site-header";

const links = [
  { label: "Pain Points", id: "pain-points" },
  { label: "Features", id: "features" },
];

beforeAll(() => {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
});

// In page order; "comparison" and "industries" have no nav link.
const sectionIds = ["hero", "pain-points", "features", "comparison", "industries"];

function renderHeader() {
  return render(
    <>
      <SiteHeader
        links={links}
        sectionIds={sectionIds}
        cta={{ label: "Join Waitlist", id: "join-waitlist" }}
        homeId="hero"
      />
      {sectionIds.map((id) => (
        <section key={id} id={id} />
      ))}
    </>,
  );
}

/** Lays the sections out with these viewport tops (px) and lets the header's scroll frame run. */
async function scrollSectionsTo(tops: Record<string, number>) {
  jest.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    return { top: tops[this.id] ?? 5000 } as DOMRect;
  });
  await act(async () => {
    window.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => window.requestAnimationFrame(() => resolve(undefined)));
  });
}

function currentLinks(): string[] {
  return Array.from(document.querySelectorAll("header [aria-current]"), (node) => node.textContent ?? "");
}

describe("SiteHeader", () => {
  afterEach(() => jest.restoreAllMocks());

  it("marks the link of the section whose top has passed 100 px, in the bar and the menu", async () => {
    renderHeader();
    await scrollSectionsTo({ hero: -2000, "pain-points": -400, features: 99, comparison: 700, industries: 1500 });
    expect(currentLinks()).toEqual(["Features", "Features"]);
    for (const link of screen.getAllByRole("link", { name: "Features", hidden: true })) {
      expect(link).toHaveAttribute("aria-current", "location");
    }
  });

  it("keeps the section above until the next one's top passes 100 px, however tall the screen", async () => {
    renderHeader();
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 1000 });
    await scrollSectionsTo({ hero: -2000, "pain-points": -400, features: 150, comparison: 900, industries: 1700 });
    expect(currentLinks()).toEqual(["Pain Points", "Pain Points"]);
    await scrollSectionsTo({ hero: -2000, "pain-points": -500, features: 90, comparison: 800, industries: 1600 });
    expect(currentLinks()).toEqual(["Features", "Features"]);
  });

  it("marks no link while the current section has none, even when a linked section is further up", async () => {
    renderHeader();
    await scrollSectionsTo({ hero: -3000, "pain-points": -2000, features: -900, comparison: 60, industries: 900 });
    expect(currentLinks()).toEqual([]);
    await scrollSectionsTo({ hero: -4000, "pain-points": -3000, features: -1900, comparison: -1000, industries: 60 });
    expect(currentLinks()).toEqual([]);
    // At the top of the page the hero is current: nothing is marked.
    await scrollSectionsTo({ hero: 0, "pain-points": 800, features: 1600, comparison: 2400, industries: 3200 });
    expect(currentLinks()).toEqual([]);
  });

  it("starts hidden at the top of the page", () => {
    renderHeader();
    expect(screen.getByRole("banner")).toHaveAttribute("data-visible", "false");
    expect(screen.getByRole("banner")).toHaveAttribute("data-translucent", "false");
  });

  it("opens and closes the menu from the keyboard, and Escape returns focus to the toggle", async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!);
    expect(menu).not.toBeNull();
    expect(menu).not.toBeVisible();

    act(() => toggle.focus());
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Close menu");
    expect(menu).toBeVisible();
    // Focused or open, the header shows itself.
    expect(screen.getByRole("banner")).toHaveAttribute("data-visible", "true");

    await user.tab();
    expect(document.activeElement).not.toBe(toggle);
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
    expect(menu).not.toBeVisible();
  });

  it("closes the menu when one of its links is followed", async () => {
    const user = userEvent.setup();
    Element.prototype.scrollIntoView = jest.fn();
    renderHeader();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    await user.click(menu.querySelector("a[href='#features']")!);
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    expect(window.location.hash).toBe("#features");
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(document.getElementById("features")).toHaveFocus();
  });
});
