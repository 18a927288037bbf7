import {
  addDays,
  demoDayShift,
  formatDemoDate,
  formatDemoShortDate,
  formatMoney,
  SCENARIO_TODAY,
} from "@/lib/demo/format";

// format.ts writes its formats out by hand to keep Intl's start-up cost off the page: they must match Intl's.
describe("the demo formats match Intl's en-GB output", () => {
  it("for money, whole and with pence", () => {
    const whole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
    const pence = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    const amounts = [
      0, 5, 85, 999, 1000, 1210, 12345, 1_234_567, -40, 0.5, 12.5, 99.99, 1210.05, 1234.1, 0.01, 2.675, -12.5,
    ];
    for (let cents = 0; cents < 300_000; cents += 137) amounts.push(cents / 100);
    for (const amount of amounts) {
      expect(formatMoney(amount)).toBe(Number.isInteger(amount) ? whole.format(amount) : pence.format(amount));
    }
  });

  it("for long and short dates, every day of two years", () => {
    const long = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    for (let day = 0; day < 731; day++) {
      const iso = addDays("2024-01-01", day);
      const date = new Date(`${iso}T00:00:00Z`);
      expect(formatDemoDate(iso)).toBe(long.format(date));
      expect(formatDemoShortDate(iso)).toBe(short.format(date));
    }
  });
});

describe("demo dates in the visitor's present", () => {
  it("move every shown date by the days from the scenario's today to the visitor's, and none on the server", () => {
    // The node test environment has no window: like the server at build time, it shows the dates as written.
    expect(demoDayShift()).toBe(0);
    expect(formatDemoDate(SCENARIO_TODAY)).toBe("10 April 2025");
  });
});
