/** Demo sample data: display only, never stored or sent anywhere. */
import type { DemoScript } from "@/lib/demo/player";

export type CustomerType = "residential" | "commercial";
export type QuoteStatus = "pending";
export type InvoiceStatus = "pending" | "paid" | "overdue";
export type BookingStatus = "scheduled" | "completed" | "cancelled";
export type SlotStatus = "available" | "booked";

export interface Service {
  name: string;
  description: string;
  /** Text with the currency sign, e.g. `£85`. */
  price: string;
  duration: string;
}

export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  type: CustomerType;
  /** ISO date of the last job done for them. */
  lastService: string;
}

export interface LineItem {
  name: string;
  description: string;
  /** Unit price in pounds. */
  price: number;
  quantity: number;
}

export interface Quote {
  id: string;
  customerId: string;
  customerName: string;
  date: string;
  expiryDate: string;
  items: readonly LineItem[];
  notes: string;
  /** Computed from the line items. */
  total: number;
  status: QuoteStatus;
}

export interface Invoice {
  id: string;
  customerId: string;
  customerName: string;
  date: string;
  dueDate: string;
  items: readonly LineItem[];
  notes: string;
  /** Computed from the line items. */
  total: number;
  status: InvoiceStatus;
}

export interface Booking {
  id: string;
  customerId: string;
  customerName: string;
  service: string;
  date: string;
  startTime: string;
  endTime: string;
  status: BookingStatus;
  notes: string;
  address: string;
}

export interface AvailabilitySlot {
  date: string;
  startTime: string;
  endTime: string;
  status: SlotStatus;
}

export interface HelpTopic {
  title: string;
  example: string;
}

export interface SentEmail {
  to: string;
  toName: string;
  subject: string;
  body: string;
}

/** What opens in the card slot: the hero's service card and the chat section's information cards. */
export type DemoCard =
  | { type: "service"; service: Service }
  | { type: "schedule"; date: string; bookings: readonly Booking[] }
  | {
      type: "invoices";
      invoices: readonly Invoice[];
      /** Paid today, listed under the outstanding ones. */ paid: readonly Invoice[];
    }
  | { type: "booking"; booking: Booking }
  | { type: "help"; topics: readonly HelpTopic[] }
  | { type: "customer"; customer: Customer }
  | { type: "overdue"; asOf: string; invoices: readonly Invoice[] }
  | { type: "email-sent"; email: SentEmail };

/** What slides up in the hero's document panel. */
export type DemoDocument =
  | { type: "quote"; quote: Quote }
  | { type: "invoice"; invoice: Invoice }
  | { type: "booking"; booking: Booking }
  | { type: "customers"; customers: readonly Customer[] }
  | { type: "slots"; slots: readonly AvailabilitySlot[] };

export type ChatDemoScript = DemoScript<DemoCard, DemoDocument>;
