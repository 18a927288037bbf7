/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { mockIntersectionObserver } from "@/components/landing/demos/test-dom";
import { Reveal } from "@/components/landing/reveal";
import { RevealObserver } from "@/components/landing/reveal-observer";

let intersection: ReturnType<typeof mockIntersectionObserver>;

beforeEach(() => {
  intersection = mockIntersectionObserver();
});

function renderReveal() {
  // As on the page: server-rendered blocks, and the page's one observer that reveals them.
  render(
    <>
      <Reveal>
        <p>Section content</p>
      </Reveal>
      <RevealObserver />
    </>,
  );
  return screen.getByText("Section content").parentElement!;
}

describe("Reveal", () => {
  it("observes with thresholds from 0.05 to 0.5 in steps of 0.05 and a 5% bottom margin", () => {
    renderReveal();
    const [options] = intersection.options();
    expect(options?.threshold).toEqual([0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]);
    expect(options?.rootMargin).toBe("0px 0px -5% 0px");
  });

  it("reveals nothing below a 0.05 share in view, then reveals once and stays revealed", () => {
    const wrapper = renderReveal();
    expect(wrapper).toHaveAttribute("data-reveal");
    expect(wrapper).toHaveAttribute("data-revealed", "false");

    act(() => intersection.setVisible(true, 0.04));
    expect(wrapper).toHaveAttribute("data-revealed", "false");
    act(() => intersection.setVisible(false, 0));
    expect(wrapper).toHaveAttribute("data-revealed", "false");

    act(() => intersection.setVisible(true, 0.05));
    expect(wrapper).toHaveAttribute("data-revealed", "true");
    // Scrolling away does not hide it again.
    act(() => intersection.setVisible(false, 0));
    expect(wrapper).toHaveAttribute("data-revealed", "true");
  });
});
