import { cardScrollTop } from "@/components/landing/demos/use-conversation-scroll";

describe("cardScrollTop: where a conversation scrolls when a card opens", () => {
  it("shows the question and the whole card when both fit, the card's end at the bottom", () => {
    // A 400 px window; the question at 300, the card from 360 (heading to 420) to 600.
    const top = cardScrollTop(400, { top: 360, headingBottom: 420, bottom: 600 }, 300, 12);
    expect(top).toBe(600 + 12 - 400);
    expect(top).toBeLessThanOrEqual(300 - 12);
  });

  it("shows the whole card, its end at the bottom, when it fits the window but not with its question", () => {
    // The voice mode's sent email on a phone: a 330 px window, the card (with its Close button) 280 px tall.
    const top = cardScrollTop(330, { top: 360, headingBottom: 420, bottom: 640 }, 300, 12);
    expect(top).toBe(640 + 12 - 330);
    expect(top).toBeLessThanOrEqual(360 - 12);
  });

  it("keeps the question at the top, with the heading under it, when the card is too tall to show whole", () => {
    // The outstanding invoices card: taller than the window.
    expect(cardScrollTop(400, { top: 360, headingBottom: 420, bottom: 840 }, 300, 12)).toBe(300 - 12);
  });

  it("puts the card's heading at the top only when the question and the heading cannot both be shown", () => {
    expect(cardScrollTop(120, { top: 500, headingBottom: 560, bottom: 1200 }, 380, 12)).toBe(488);
  });

  it("never scrolls above the top, and without a question uses the card alone", () => {
    expect(cardScrollTop(800, { top: 100, headingBottom: 160, bottom: 300 }, 40, 12)).toBe(0);
    expect(cardScrollTop(400, { top: 360, headingBottom: 420, bottom: 900 }, null, 12)).toBe(348);
  });
});
