/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SiteHeader } from "./site-header";

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

function renderHeader() {
  return render(
    <>
      <SiteHeader links={links} cta={{ label: "Join Waitlist", id: "join-waitlist" }} homeId="hero" />
      <section id="pain-points" />
      <section id="features" />
    </>,
  );
}

describe("SiteHeader", () => {
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
