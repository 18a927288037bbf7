/** The hero's auto-playing conversations: typed data for the demo player. */
import {
  availabilitySlots,
  bookings,
  customerList,
  customers,
  invoices,
  quotes,
  services,
  SLOT_DATES,
} from "@/content/demo/sample-data";
import type { ChatDemoScript } from "@/content/demo/types";
import { daysBetween, demoDate, formatMoney, moveDemoDates, SCENARIO_TODAY } from "@/lib/demo/format";

/** Hero timings in milliseconds. Gaps between later messages are fixed in the scripts, within 2.5–4 s. */
export const HERO_TIMINGS = {
  startAfterMount: 1000,
  firstMessage: 2000,
  laterMessageMin: 2500,
  laterMessageMax: 4000,
  cardAfterFlaggedMessage: 1200,
  clearAfterLastMessage: 5000,
  pickAfterClear: 500,
  startAfterPick: 1500,
  /** A visitor who presses play waits this long for the first message, not the auto-play lead-in. */
  firstMessageOnRequest: 600,
} as const;

const { firstMessage, cardAfterFlaggedMessage: reveal } = HERO_TIMINGS;

const sarah = customers.sarah;
const quote = quotes.sarahValet;
const booking = bookings.sarahValet;
const invoice = invoices.hendersonWardrobe;

/**
 * The day the valeting conversation takes place: the day it issues the quote, some days before the slots it
 * offers. Replayed as the visitor's today, so the booking it makes is always on a later day, whatever the time.
 */
export const VALETING_DAY = quote.date;

const [firstSlotDay, secondSlotDay] = SLOT_DATES;
const bookingHour = Number(booking.startTime.slice(0, 2));

/** Car valeting, as written for VALETING_DAY: a service, a quote, available slots, a booking and the customers. */
const carValetingAsWritten: ChatDemoScript = {
  id: "car-valeting",
  title: "Car valeting",
  steps: [
    {
      kind: "user",
      delay: firstMessage,
      text: `Add a new service: ${services.fullValet.name}, ${services.fullValet.price}, about ${services.fullValet.duration}.`,
    },
    { kind: "typing", delay: 900 },
    {
      kind: "assistant",
      delay: 2100,
      text: `Done. ${services.fullValet.name} is on your price list at ${services.fullValet.price}.`,
    },
    { kind: "card", delay: reveal, card: { type: "service", service: services.fullValet } },
    { kind: "user", delay: 2300, text: `Quote ${sarah.name} for a full valet plus pet hair removal.` },
    { kind: "typing", delay: 800 },
    {
      kind: "assistant",
      delay: 2200,
      text: `Here's ${quote.id} for ${formatMoney(quote.total)}. It's valid until ${demoDate(quote.expiryDate)}.`,
    },
    { kind: "close", delay: reveal, target: "card" },
    { kind: "panel", delay: 0, panel: { type: "quote", quote } },
    {
      kind: "user",
      delay: 2800,
      text: `Send it. What's free on the ${demoDate(firstSlotDay, "day")} and ${demoDate(secondSlotDay, "day")}?`,
    },
    { kind: "typing", delay: 700 },
    { kind: "assistant", delay: 2300, text: "Quote sent to Sarah. These 2-hour slots are free:" },
    { kind: "panel", delay: reveal, panel: { type: "slots", slots: availabilitySlots } },
    { kind: "user", delay: 2300, text: `Book her in at ${bookingHour} on the ${demoDate(booking.date, "day")}.` },
    { kind: "typing", delay: 800 },
    {
      kind: "assistant",
      delay: 2700,
      text: `Booked for ${demoDate(booking.date)}, ${booking.startTime} to ${booking.endTime}. I'll remind her the day before.`,
    },
    { kind: "panel", delay: reveal, panel: { type: "booking", booking } },
    { kind: "user", delay: 2300, text: "Show me my customer list." },
    { kind: "typing", delay: 700 },
    { kind: "assistant", delay: 2300, text: `You have ${customerList.length} customers. Here they are:` },
    { kind: "panel", delay: reveal, panel: { type: "customers", customers: customerList } },
    { kind: "clear", delay: 3800 },
  ],
};

/** Car valeting, moved so that the day it is set on is the visitor's today (see SCENARIO_TODAY). */
export const carValetingScript: ChatDemoScript = moveDemoDates(
  carValetingAsWritten,
  daysBetween(VALETING_DAY, SCENARIO_TODAY),
);

/** Carpentry, set on SCENARIO_TODAY (the wardrobe finished today): a service and an invoice. */
export const carpentryScript: ChatDemoScript = {
  id: "carpentry",
  title: "Carpentry",
  steps: [
    {
      kind: "user",
      delay: firstMessage,
      text: `New service: ${services.fittedWardrobe.name.toLowerCase()}, ${services.fittedWardrobe.price}, takes ${services.fittedWardrobe.duration}.`,
    },
    { kind: "typing", delay: 800 },
    {
      kind: "assistant",
      delay: 2200,
      text: `Added ${services.fittedWardrobe.name} at ${services.fittedWardrobe.price}.`,
    },
    { kind: "card", delay: reveal, card: { type: "service", service: services.fittedWardrobe } },
    { kind: "user", delay: 2800, text: `Invoice ${invoice.customerName} for the wardrobe I finished today.` },
    { kind: "typing", delay: 900 },
    {
      kind: "assistant",
      delay: 2600,
      text: `Invoice ${invoice.id} for ${formatMoney(invoice.total)} is ready, due ${demoDate(invoice.dueDate)}.`,
    },
    { kind: "close", delay: reveal, target: "card" },
    { kind: "panel", delay: 0, panel: { type: "invoice", invoice } },
    { kind: "user", delay: 2300, text: "Great. Send it with a thank-you note." },
    { kind: "typing", delay: 800 },
    {
      kind: "assistant",
      delay: 2200,
      text: `Sent to ${invoice.customerName}. I'll chase it if it isn't paid by the due date.`,
    },
    { kind: "clear", delay: 5000 },
  ],
};

export const heroScripts: readonly ChatDemoScript[] = [carValetingScript, carpentryScript];
