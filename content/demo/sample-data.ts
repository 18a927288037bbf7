/** The demos' canned sample data. Every figure shown by a demo comes from here. */
import type {
  AvailabilitySlot,
  Booking,
  Customer,
  HelpTopic,
  Invoice,
  LineItem,
  Quote,
  SentEmail,
  Service,
} from "@/content/demo/types";
import { addDays, formatMoney, lineItemsTotal, SCENARIO_TODAY } from "@/lib/demo/format";

/** The demos' "today", as the sample data is written; shown as the visitor's today (see SCENARIO_TODAY). */
export const DEMO_TODAY = SCENARIO_TODAY;
export const QUOTE_VALID_DAYS = 14;
export const INVOICE_DUE_DAYS = 14;

function service(name: string, description: string, amount: number, duration: string): Service {
  return { name, description, price: formatMoney(amount), duration };
}

export const services = {
  fullValet: service(
    "Full Valet",
    "Hand wash, clay bar and wax outside; vacuum, shampoo and dashboard dressing inside.",
    85,
    "3 hours",
  ),
  petHairRemoval: service(
    "Pet Hair Removal",
    "Deep removal of pet hair from seats, carpets and boot.",
    45,
    "45 minutes",
  ),
  interiorDeepClean: service(
    "Interior Deep Clean",
    "Steam clean of every seat, carpet and headliner for vans and fleet cars.",
    130,
    "4 hours",
  ),
  fittedWardrobe: service(
    "Fitted Wardrobe",
    "Made-to-measure oak-veneer wardrobe with soft-close doors, supplied and fitted.",
    950,
    "2 days",
  ),
} as const satisfies Record<string, Service>;

/**
 * As the hero's valeting demo lists them: that demo is set on 4 April 2025, the day it issues quote Q-1042 (valid 14
 * days, to 18 April), so no customer's last job is later than that.
 */
export const customers = {
  sarah: {
    id: "C-101",
    name: "Sarah Thompson",
    email: "sarah.thompson@example.com",
    phone: "07700 900123",
    address: "14 Elm Grove, Leeds LS6 2AB",
    type: "residential",
    lastService: "2025-03-12",
  },
  mark: {
    id: "C-102",
    name: "Mark Henderson",
    email: "mark.henderson@example.com",
    phone: "07700 900456",
    address: "3 Mill Lane, Harrogate HG1 4QT",
    type: "residential",
    lastService: "2025-03-21",
  },
  brightside: {
    id: "C-103",
    name: "Brightside Dental",
    email: "practice@brightside-dental.example.com",
    phone: "0113 496 0781",
    address: "Unit 7, Kirkstall Road, Leeds LS4 2AZ",
    type: "commercial",
    lastService: "2025-03-28",
  },
  priya: {
    id: "C-104",
    name: "Priya Patel",
    email: "priya.patel@example.com",
    phone: "07700 900789",
    address: "52 Otley Road, Leeds LS16 5JT",
    type: "residential",
    lastService: "2025-03-14",
  },
} as const satisfies Record<string, Customer>;

export const customerList: readonly Customer[] = Object.values(customers);

/** The account the "create new customer account" answer opens. */
export const newCustomer: Customer = {
  id: "C-105",
  name: "James Carter",
  email: "james.carter@example.com",
  phone: "07700 900234",
  address: "8 Chapel Street, Leeds LS6 3BW",
  type: "residential",
  lastService: DEMO_TODAY,
};

function item(from: Service, amount: number, quantity = 1): LineItem {
  return { name: from.name, description: from.description, price: amount, quantity };
}

function quote(fields: Omit<Quote, "expiryDate" | "total">): Quote {
  return { ...fields, expiryDate: addDays(fields.date, QUOTE_VALID_DAYS), total: lineItemsTotal(fields.items) };
}

function invoice(fields: Omit<Invoice, "dueDate" | "total">): Invoice {
  return { ...fields, dueDate: addDays(fields.date, INVOICE_DUE_DAYS), total: lineItemsTotal(fields.items) };
}

export const quotes = {
  sarahValet: quote({
    id: "Q-1042",
    customerId: customers.sarah.id,
    customerName: customers.sarah.name,
    date: "2025-04-04",
    items: [item(services.fullValet, 85), item(services.petHairRemoval, 45)],
    notes: "Includes all materials. Collection and drop-off within 5 miles at no extra cost.",
    status: "pending",
  }),
} as const satisfies Record<string, Quote>;

export const invoices = {
  hendersonWardrobe: invoice({
    id: "INV-2041",
    customerId: customers.mark.id,
    customerName: customers.mark.name,
    date: DEMO_TODAY,
    items: [item(services.fittedWardrobe, 950)],
    notes: "Thank you for your custom. Bank transfer or card accepted.",
    status: "pending",
  }),
  brightsideClean: invoice({
    id: "INV-2038",
    customerId: customers.brightside.id,
    customerName: customers.brightside.name,
    date: "2025-03-28",
    items: [item(services.interiorDeepClean, 130)],
    notes: "Two practice vans, steam cleaned on site.",
    status: "pending",
  }),
  sarahValetPaid: invoice({
    id: "INV-2042",
    customerId: customers.sarah.id,
    customerName: customers.sarah.name,
    date: DEMO_TODAY,
    items: [item(services.fullValet, 85), item(services.petHairRemoval, 45)],
    notes: "As quoted on Q-1042. Paid by card on completion.",
    status: "paid",
  }),
  sarahPaid: invoice({
    id: "INV-2036",
    customerId: customers.sarah.id,
    customerName: customers.sarah.name,
    date: "2025-03-12",
    items: [item(services.fullValet, 85)],
    notes: "Paid by card on completion.",
    status: "paid",
  }),
  priyaValet: invoice({
    id: "INV-2033",
    customerId: customers.priya.id,
    customerName: customers.priya.name,
    date: "2025-03-14",
    items: [item(services.fullValet, 85)],
    notes: "First reminder sent on 31 March.",
    status: "overdue",
  }),
  sarahPetHair: invoice({
    id: "INV-2030",
    customerId: customers.sarah.id,
    customerName: customers.sarah.name,
    date: "2025-03-12",
    items: [item(services.petHairRemoval, 45)],
    notes: "Add-on to the March valet.",
    status: "overdue",
  }),
} as const satisfies Record<string, Invoice>;

export const invoiceList: readonly Invoice[] = Object.values(invoices);
export const outstandingInvoices: readonly Invoice[] = invoiceList.filter((entry) => entry.status !== "paid");
export const overdueInvoices: readonly Invoice[] = invoiceList.filter((entry) => entry.status === "overdue");
/** Paid today: Sarah's valet, done this morning and paid on completion. */
export const paidToday: readonly Invoice[] = invoiceList.filter(
  (entry) => entry.status === "paid" && entry.date === DEMO_TODAY,
);

export const bookings = {
  sarahValet: {
    id: "B-301",
    customerId: customers.sarah.id,
    customerName: customers.sarah.name,
    service: services.fullValet.name,
    date: "2025-04-10",
    startTime: "09:00",
    endTime: "11:00",
    status: "scheduled",
    notes: "Add pet hair removal. Dog lives in the boot.",
    address: customers.sarah.address,
  },
  priyaValet: {
    id: "B-302",
    customerId: customers.priya.id,
    customerName: customers.priya.name,
    service: services.fullValet.name,
    date: "2025-04-10",
    startTime: "14:00",
    endTime: "16:00",
    status: "scheduled",
    notes: "Park on the drive; side gate is unlocked.",
    address: customers.priya.address,
  },
  brightsideClean: {
    id: "B-303",
    customerId: customers.brightside.id,
    customerName: customers.brightside.name,
    service: services.interiorDeepClean.name,
    date: "2025-04-11",
    startTime: "11:30",
    endTime: "13:30",
    status: "scheduled",
    notes: "Both vans, in the rear car park.",
    address: customers.brightside.address,
  },
  markCancelled: {
    id: "B-299",
    customerId: customers.mark.id,
    customerName: customers.mark.name,
    service: services.fullValet.name,
    date: "2025-04-10",
    startTime: "16:30",
    endTime: "18:30",
    status: "cancelled",
    notes: "Cancelled by the customer: car in for MOT.",
    address: customers.mark.address,
  },
  priyaCompleted: {
    id: "B-294",
    customerId: customers.priya.id,
    customerName: customers.priya.name,
    service: services.fullValet.name,
    date: "2025-03-14",
    startTime: "11:30",
    endTime: "13:30",
    status: "completed",
    notes: "Invoice INV-2033 sent.",
    address: customers.priya.address,
  },
} as const satisfies Record<string, Booking>;

export const bookingList: readonly Booking[] = Object.values(bookings);

/** The demos' two-hour slots. */
export const SLOT_TIMES = [
  ["09:00", "11:00"],
  ["11:30", "13:30"],
  ["14:00", "16:00"],
  ["16:30", "18:30"],
] as const;
export const SLOT_DATES = ["2025-04-10", "2025-04-11"] as const;

/**
 * Availability before the hero's valeting script books Sarah in: a slot is booked when a scheduled
 * booking other than B-301 (the one the script creates) takes it.
 */
export const availabilitySlots: readonly AvailabilitySlot[] = SLOT_DATES.flatMap((date) =>
  SLOT_TIMES.map(([startTime, endTime]): AvailabilitySlot => {
    const taken = bookingList.some(
      (booking) =>
        booking.id !== bookings.sarahValet.id &&
        booking.status === "scheduled" &&
        booking.date === date &&
        booking.startTime === startTime,
    );
    return { date, startTime, endTime, status: taken ? "booked" : "available" };
  }),
);

/**
 * Booking B-301 as the chat section sees it, at midday on 10 April: the hero's valeting demo books it on 4 April
 * (scheduled, as `bookings.sarahValet`); by now the 9 o'clock valet is done and paid.
 */
export const sarahValetDone: Booking = {
  ...bookings.sarahValet,
  status: "completed",
  notes: `Done. Paid by card on completion (${invoices.sarahValetPaid.id}).`,
};

/**
 * Today's jobs at midday, in time order: one done, one to go, one cancelled. Zero-padded "HH:MM" times sort as
 * plain strings: localeCompare's first call sets up an ICU collator, tens of ms on a phone, while the hero demo loads.
 */
export const todaysSchedule: readonly Booking[] = bookingList
  .map((booking) => (booking.id === sarahValetDone.id ? sarahValetDone : booking))
  .filter((booking) => booking.date === DEMO_TODAY)
  .sort((a, b) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0));

/** The next scheduled job from midday today: Priya's 2pm valet (the one the voice demo is running late for). */
export const nextBooking: Booking = bookings.priyaValet;

export const helpTopics: readonly HelpTopic[] = [
  { title: "Quotes and invoices", example: "“Quote Sarah for a full valet and send it.”" },
  { title: "Bookings and reminders", example: "“Move Friday's 2pm job to Monday.”" },
  { title: "Customers", example: "“Add James Carter, 8 Chapel Street.”" },
  { title: "Messages", example: "“Tell Priya I'm running 20 minutes late.”" },
];

export const lateArrivalEmail: SentEmail = {
  to: customers.priya.email,
  toName: customers.priya.name,
  subject: "Running about 20 minutes late",
  body: "Hi Priya, a quick note to say I'm running about 20 minutes behind and will be with you at around 2:20pm. Sorry for the wait!",
};
