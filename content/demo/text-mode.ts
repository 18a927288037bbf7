/** The chat section's text mode: greeting, six quick questions and their answers. */
import {
  DEMO_TODAY,
  helpTopics,
  newCustomer,
  nextBooking,
  outstandingInvoices,
  overdueInvoices,
  paidToday,
  todaysSchedule,
} from "@/content/demo/sample-data";
import type { BookingStatus, ChatDemoScript, DemoCard } from "@/content/demo/types";
import { formatMoney, lineItemsTotal } from "@/lib/demo/format";

export const TEXT_TIMINGS = { typing: 800, card: 1200, reset: 500 } as const;

export const TEXT_GREETING = "Hi, how can I help today?";

export interface QuickQuestion {
  id: string;
  /** The button label, also sent as the visitor's message. */
  label: string;
  reply: string;
  card: DemoCard;
}

const sum = (amounts: readonly { total: number }[]) =>
  lineItemsTotal(amounts.map((entry) => ({ price: entry.total, quantity: 1 })));

const jobs = (count: number) => (count === 1 ? "1 job" : `${count} jobs`);
const countStatus = (status: BookingStatus) => todaysSchedule.filter((booking) => booking.status === status).length;

export const quickQuestions: readonly QuickQuestion[] = [
  {
    id: "schedule",
    label: "What's my work schedule today?",
    reply: `${jobs(countStatus("completed"))} done and ${countStatus("scheduled")} still to go today. Here's your day:`,
    card: { type: "schedule", date: DEMO_TODAY, bookings: todaysSchedule },
  },
  {
    id: "invoices",
    label: "Show my outstanding invoices",
    reply: `${outstandingInvoices.length} invoices are unpaid, ${formatMoney(sum(outstandingInvoices))} in total. ${formatMoney(sum(paidToday))} came in today.`,
    card: { type: "invoices", invoices: outstandingInvoices, paid: paidToday },
  },
  {
    id: "booking",
    label: "When is my next booking?",
    reply: `Your next job is with ${nextBooking.customerName} at ${nextBooking.startTime}.`,
    card: { type: "booking", booking: nextBooking },
  },
  {
    id: "help",
    label: "Help me with this app",
    reply: "Just tell me what you need, in your own words. I can help with:",
    card: { type: "help", topics: helpTopics },
  },
  {
    id: "customer",
    label: "Create a new customer account",
    reply: `Done. I've set up an account for ${newCustomer.name}.`,
    card: { type: "customer", customer: newCustomer },
  },
  {
    id: "overdue",
    label: "Find all overdue payments",
    reply: `${overdueInvoices.length} payments are overdue, ${formatMoney(sum(overdueInvoices))} in total. Shall I send reminders?`,
    card: { type: "overdue", asOf: DEMO_TODAY, invoices: overdueInvoices },
  },
];

/** The conversation before any question: just the greeting. */
export const greetingScript: ChatDemoScript = {
  id: "greeting",
  title: "Greeting",
  steps: [{ kind: "assistant", delay: 0, text: TEXT_GREETING }],
};

/** One quick question played after the greeting: message, typing, reply line, then the card. */
export function quickQuestionScript(question: QuickQuestion): ChatDemoScript {
  return {
    id: `text-${question.id}`,
    title: question.label,
    steps: [
      { kind: "user", delay: 0, text: question.label },
      { kind: "typing", delay: 0 },
      { kind: "assistant", delay: TEXT_TIMINGS.typing, text: question.reply },
      { kind: "card", delay: TEXT_TIMINGS.card, card: question.card },
    ],
  };
}

/** Reset: after 0.5 s the conversation is back to the greeting. */
export const textResetScript: ChatDemoScript = {
  id: "text-reset",
  title: "Reset",
  steps: [
    { kind: "clear", delay: TEXT_TIMINGS.reset },
    { kind: "assistant", delay: 0, text: TEXT_GREETING },
  ],
};
