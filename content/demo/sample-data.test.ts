import { carValetingScript } from "@/content/demo/hero-scripts";
import {
  availabilitySlots,
  bookingList,
  bookings,
  DEMO_TODAY,
  invoiceList,
  invoices,
  nextBooking,
  outstandingInvoices,
  overdueInvoices,
  quotes,
  services,
  SLOT_DATES,
  SLOT_TIMES,
  todaysSchedule,
} from "@/content/demo/sample-data";
import { addDays, daysBetween, formatDemoDate, formatMoney, lineItemsTotal } from "@/lib/demo/format";

describe("money and dates", () => {
  it("formats pounds the British way", () => {
    expect(formatMoney(85)).toBe("£85");
    expect(formatMoney(1210)).toBe("£1,210");
    expect(formatMoney(12.5)).toBe("£12.50");
  });

  it("totals line items to the penny", () => {
    expect(
      lineItemsTotal([
        { price: 0.1, quantity: 3 },
        { price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.5);
    expect(lineItemsTotal([])).toBe(0);
  });

  it("does date arithmetic in whole days", () => {
    expect(addDays("2025-04-04", 14)).toBe("2025-04-18");
    expect(addDays("2025-03-28", 14)).toBe("2025-04-11");
    expect(daysBetween("2025-03-28", "2025-04-10")).toBe(13);
    expect(formatDemoDate("2025-04-18")).toBe("18 April 2025");
  });
});

describe("demo sample data", () => {
  it("prices its services at £85, £45, £130 and £950, as text with the currency sign", () => {
    expect(Object.values(services).map((service) => service.price)).toEqual(["£85", "£45", "£130", "£950"]);
  });

  it("computes every quote and invoice total from its line items", () => {
    for (const document of [...Object.values(quotes), ...invoiceList]) {
      expect(document.total).toBe(document.items.reduce((sum, item) => sum + item.price * item.quantity, 0));
    }
    expect(quotes.sarahValet.total).toBe(130);
  });

  it("makes the quote valid for 14 days, expiring on 18 April 2025", () => {
    expect(quotes.sarahValet.expiryDate).toBe("2025-04-18");
    expect(daysBetween(quotes.sarahValet.date, quotes.sarahValet.expiryDate)).toBe(14);
  });

  it("makes every invoice due 14 days after it is issued", () => {
    for (const invoice of invoiceList) expect(daysBetween(invoice.date, invoice.dueDate)).toBe(14);
  });

  it("offers the four 2-hour slots on 10 and 11 April 2025", () => {
    expect(SLOT_TIMES).toEqual([
      ["09:00", "11:00"],
      ["11:30", "13:30"],
      ["14:00", "16:00"],
      ["16:30", "18:30"],
    ]);
    expect(availabilitySlots).toHaveLength(8);
    for (const date of SLOT_DATES) {
      expect(availabilitySlots.filter((slot) => slot.date === date).map((slot) => slot.startTime)).toEqual(
        SLOT_TIMES.map(([start]) => start),
      );
    }
  });

  it("marks a slot booked exactly when another scheduled booking takes it", () => {
    const booked = availabilitySlots.filter((slot) => slot.status === "booked");
    expect(booked.map((slot) => `${slot.date} ${slot.startTime}`)).toEqual(["2025-04-10 14:00", "2025-04-11 11:30"]);
    // The slot the hero books for Sarah is still free before it does.
    expect(availabilitySlots).toContainEqual({
      date: "2025-04-10",
      startTime: "09:00",
      endTime: "11:00",
      status: "available",
    });
  });

  it("derives the lists the cards show", () => {
    expect(outstandingInvoices.every((invoice) => invoice.status !== "paid")).toBe(true);
    expect(overdueInvoices.map((invoice) => invoice.id)).toEqual(["INV-2033", "INV-2030"]);
    expect(todaysSchedule.map((booking) => booking.startTime)).toEqual(["09:00", "14:00", "16:30"]);
    expect(new Set(bookingList.map((booking) => booking.status))).toEqual(
      new Set(["scheduled", "cancelled", "completed"]),
    );
  });
});

describe("one coherent timeline", () => {
  // The hero's valeting demo is set on the day it issues quote Q-1042; the chat section on DEMO_TODAY, at midday.
  const valetingDay = quotes.sarahValet.date;

  it("sets the valeting demo before the slots it offers and the chat section on the first slot day", () => {
    expect(valetingDay).toBe("2025-04-04");
    for (const date of SLOT_DATES) expect(date > valetingDay).toBe(true);
    expect(DEMO_TODAY).toBe(SLOT_DATES[0]);
  });

  it("lists no customer in the valeting demo with a job later than the day it is set", () => {
    const panels = carValetingScript.steps.flatMap((step) =>
      step.kind === "panel" && step.panel.type === "customers" ? [step.panel.customers] : [],
    );
    expect(panels).toHaveLength(1);
    expect(
      panels[0]!.filter((customer) => customer.lastService > valetingDay).map((customer) => customer.name),
    ).toEqual([]);
  });

  it("follows Sarah's valet from quote to booking to paid invoice", () => {
    // Booked in the hero on 4 April for 09:00 on the 10th; at midday on the 10th it is done and paid, as quoted.
    expect(bookings.sarahValet).toMatchObject({ status: "scheduled", date: DEMO_TODAY, startTime: "09:00" });
    expect(todaysSchedule[0]).toMatchObject({ id: bookings.sarahValet.id, status: "completed" });
    expect(invoices.sarahValetPaid).toMatchObject({ status: "paid", date: DEMO_TODAY, total: quotes.sarahValet.total });
    expect(nextBooking).toMatchObject({
      customerName: "Priya Patel",
      date: DEMO_TODAY,
      startTime: "14:00",
      status: "scheduled",
    });
    expect(todaysSchedule.map((booking) => booking.status)).toEqual(["completed", "scheduled", "cancelled"]);
  });
});
