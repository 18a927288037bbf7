/** @jest-environment jsdom */
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { BusinessCarousel } from "@/components/landing/business-carousel";

const command = (text: string) => ({ command: text, result: `Done: ${text}` });
const slides = ["Trades", "Cleaning", "Salon"].map((label) => ({
  id: label.toLowerCase(),
  label,
  summary: `${label} panel`,
  icon: "hammer" as const,
  commands: [command(`${label} one`), command(`${label} two`), command(`${label} three`)],
}));

function setup({ reducedMotion = false } = {}) {
  // jsdom has no layout: stub the tab strip's scroll.
  Element.prototype.scrollTo = jest.fn();
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reducedMotion && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
  render(<BusinessCarousel label="Examples" slides={slides} assistantName="Otto" />);
  return userEvent.setup();
}

/** The summary line of the one panel on show (inactive panels are hidden and empty). */
function visiblePanelText() {
  const panel = screen.getByRole("tabpanel");
  return within(panel).getByText(/ panel$/).textContent;
}

describe("BusinessCarousel", () => {
  it("follows the tabs pattern: one selected tab, its panel shown, the others hidden", () => {
    setup();
    expect(screen.getByRole("region", { name: "Examples" })).toHaveAttribute("aria-roledescription", "carousel");
    const all = screen.getAllByRole("tab");
    expect(all).toHaveLength(3);
    expect(all[0]).toHaveAttribute("aria-selected", "true");
    expect(all[0]).toHaveAttribute("tabindex", "0");
    expect(all[1]).toHaveAttribute("tabindex", "-1");
    expect(visiblePanelText()).toBe("Trades panel");
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveAttribute("aria-labelledby", all[0]!.id);
    expect(within(panel).getByRole("heading", { name: "Trades" })).toBeInTheDocument();
    expect(within(panel).getAllByRole("listitem")).toHaveLength(3);
    expect(within(panel).getByText("Done: Trades two")).toBeInTheDocument();
    // Every tab's panel exists, so aria-controls always points at an element.
    for (const tab of all) expect(document.getElementById(tab.getAttribute("aria-controls")!)).not.toBeNull();
  });

  it("selects a tab on click", async () => {
    const user = setup();
    await user.click(screen.getByRole("tab", { name: "Salon" }));
    expect(screen.getByRole("tab", { name: "Salon" })).toHaveAttribute("aria-selected", "true");
    expect(visiblePanelText()).toBe("Salon panel");
  });

  it("moves with the arrow keys, wrapping at both ends, and with Home and End", async () => {
    const user = setup();
    await user.click(screen.getByRole("tab", { name: "Trades" }));
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Salon" })).toHaveFocus();
    expect(visiblePanelText()).toBe("Salon panel");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Trades" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(visiblePanelText()).toBe("Cleaning panel");
    await user.keyboard("{End}");
    expect(visiblePanelText()).toBe("Salon panel");
    await user.keyboard("{Home}");
    expect(visiblePanelText()).toBe("Trades panel");
  });

  it("previous and next wrap around", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: /^Previous business type/ }));
    expect(visiblePanelText()).toBe("Salon panel");
    await user.click(screen.getByRole("button", { name: /^Next business type/ }));
    expect(visiblePanelText()).toBe("Trades panel");
    await user.click(screen.getByRole("button", { name: /^Next business type/ }));
    expect(visiblePanelText()).toBe("Cleaning panel");
  });

  it("scrolls the tab strip smoothly, or instantly when the visitor prefers reduced motion", async () => {
    let user = setup();
    await user.click(screen.getByRole("button", { name: /^Next business type/ }));
    expect(Element.prototype.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: "smooth" }));
    cleanup();

    user = setup({ reducedMotion: true });
    await user.click(screen.getByRole("button", { name: /^Next business type/ }));
    await user.click(screen.getByRole("tab", { name: "Salon" }));
    const scrollTo = Element.prototype.scrollTo as jest.Mock;
    expect(scrollTo).toHaveBeenCalledTimes(2);
    for (const [options] of scrollTo.mock.calls) expect(options).toEqual(expect.objectContaining({ behavior: "auto" }));
  });

  it("the dots select their slide and mark the current one", async () => {
    const user = setup();
    const dot = screen.getByRole("button", { name: "Salon (3 of 3)" });
    await user.click(dot);
    expect(visiblePanelText()).toBe("Salon panel");
    expect(dot).toHaveAttribute("aria-current", "true");
    expect(screen.getByRole("button", { name: "Trades (1 of 3)" })).not.toHaveAttribute("aria-current");
    act(() => screen.getByRole("button", { name: "Cleaning (2 of 3)" }).focus());
    await user.keyboard("{Enter}");
    expect(visiblePanelText()).toBe("Cleaning panel");
  });
});
