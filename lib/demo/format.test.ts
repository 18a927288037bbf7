import {
  addDays,
  dayShiftFor,
  demoDate,
  demoDayShift,
  formatDemoDate,
  formatDemoShortDate,
  formatMoney,
  moveDemoDates,
  ordinalDay,
  resolveDemoDates,
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

describe("date tokens in a demo's words", () => {
  it("write out a date as the cards do, and a day of the month as it is said", () => {
    const text = `Free on the ${demoDate("2025-04-10", "day")} and ${demoDate("2025-04-11", "day")}; due ${demoDate("2025-04-24")}.`;
    expect(text).toBe("Free on the {{day:2025-04-10}} and {{day:2025-04-11}}; due {{date:2025-04-24}}.");
    expect(resolveDemoDates(text, 0)).toBe("Free on the 10th and 11th; due 24 April 2025.");
    // Moved 21 days, across the month's end.
    expect(resolveDemoDates(text, 21)).toBe("Free on the 1st and 2nd; due 15 May 2025.");
    expect(resolveDemoDates("No dates here.", 5)).toBe("No dates here.");
  });

  it("say ordinals the English way", () => {
    const said = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31].map(ordinalDay);
    expect(said).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "24th",
      "30th",
      "31st",
    ]);
  });

  it("move with the data they belong to", () => {
    const moved = moveDemoDates({ date: "2025-04-04", note: `by ${demoDate("2025-04-10", "day")}`, time: "09:00" }, 6);
    expect(moved).toEqual({ date: "2025-04-10", note: "by {{day:2025-04-16}}", time: "09:00" });
  });

  it("count the visitor's today from their own calendar day, at any time of it", () => {
    expect(dayShiftFor(new Date(2025, 3, 10, 0, 0))).toBe(0);
    expect(dayShiftFor(new Date(2025, 3, 10, 23, 59))).toBe(0);
    expect(dayShiftFor(new Date(2025, 3, 11, 0, 1))).toBe(1);
  });
});
