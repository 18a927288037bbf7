import { formatCount } from "./waitlist-count";

describe("formatCount", () => {
  it("groups digits exactly as en-GB Intl.NumberFormat does", () => {
    const intl = new Intl.NumberFormat("en-GB");
    for (const count of [0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 999_999, 1_000_000, 1_234_567_890]) {
      expect(formatCount(count)).toBe(intl.format(count));
    }
  });
});
