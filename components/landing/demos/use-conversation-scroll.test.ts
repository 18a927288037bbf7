import { cardScrollTop } from "@/components/landing/demos/use-conversation-scroll";

describe("cardScrollTop: where a conversation scrolls when a card opens", () => {
  it("keeps the question above the card when both fit, with the card's end in view", () => {
    // A 400 px window; the question at 300, the card from 360 to 600.
    const top = cardScrollTop(400, { top: 360, bottom: 600 }, 300, 12);
    expect(top).toBe(600 + 12 - 400);
    expect(top).toBeLessThanOrEqual(300 - 12);
  });

  it("puts the card's heading at the top when the question and the card do not both fit", () => {
    // The outstanding invoices card: taller than the window less the question.
    expect(cardScrollTop(400, { top: 360, bottom: 740 }, 300, 12)).toBe(360 - 12);
  });

  it("shows a card taller than the window from its heading, never from its last lines", () => {
    expect(cardScrollTop(300, { top: 500, bottom: 1200 }, 420, 12)).toBe(488);
  });

  it("never scrolls above the top, and without a question uses the card alone", () => {
    expect(cardScrollTop(800, { top: 100, bottom: 300 }, 40, 12)).toBe(0);
    expect(cardScrollTop(400, { top: 360, bottom: 600 }, null, 12)).toBe(212);
  });
});
