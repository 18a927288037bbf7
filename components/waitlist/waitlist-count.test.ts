import { formatCount } from "@/components/waitlist/waitlist-count";
import { waitlistCopy } from "@/content/waitlist";

describe("formatCount", () => {
  it("groups digits exactly as en-GB Intl.NumberFormat does", () => {
    const intl = new Intl.NumberFormat("en-GB");
    for (const count of [0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 999_999, 1_000_000, 1_234_567_890]) {
      expect(formatCount(count)).toBe(intl.format(count));
    }
  });
});

describe("the count line", () => {
  it("reads 'N businesses have already joined', in the singular for exactly one business", () => {
    const line = (count: number) => waitlistCopy.countLine(formatCount(count));
    expect(line(1)).toBe("1 business has already joined the waiting list");
    expect(line(0)).toBe("0 businesses have already joined the waiting list");
    expect(line(2)).toBe("2 businesses have already joined the waiting list");
    expect(line(1001)).toBe("1,001 businesses have already joined the waiting list");
    expect(waitlistCopy.countLine(waitlistCopy.countFallback)).toBe(
      "Many businesses have already joined the waiting list",
    );
  });
});
