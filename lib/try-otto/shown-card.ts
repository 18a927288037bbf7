import type { DemoCard, DemoDocument } from "@/content/demo/types";
import { addDays, lineItemsTotal } from "@/lib/demo/format";
import type { TryOttoCard, TryOttoCardKind } from "@/lib/validation/try-otto";

/** A card as the demos draw it: an information card (InfoCard) or a document (DocumentCard). */
export type ShownCard = { slot: "card"; card: DemoCard } | { slot: "document"; document: DemoDocument };

/** What the owner's overview counts a shown card as. */
export function shownCardKind(shown: ShownCard): TryOttoCardKind | null {
  if (shown.slot === "document") {
    return shown.document.type === "quote" || shown.document.type === "invoice" ? shown.document.type : null;
  }
  switch (shown.card.type) {
    case "booking":
      return "booking";
    case "customer":
      return "customer";
    case "email-sent":
    case "overdue":
      return "reminder";
    case "schedule":
      return "jobs";
    case "invoices":
      return "invoice";
    default:
      return null;
  }
}

// Sample identifiers: the demo's cards show one, and nothing here is a real record.
const CUSTOMER_ID = "C-2001";

/** A card the model answered with (already checked), in the shape the demos' card components draw. */
export function toShownCard(card: TryOttoCard, today: string): ShownCard {
  switch (card.kind) {
    case "quote":
      return {
        slot: "document",
        document: {
          type: "quote",
          quote: {
            id: "Q-2001",
            customerId: CUSTOMER_ID,
            customerName: card.customerName,
            date: today,
            expiryDate: addDays(today, 14),
            items: card.items,
            notes: card.notes,
            total: lineItemsTotal(card.items),
            status: "pending",
          },
        },
      };
    case "invoice":
      return {
        slot: "document",
        document: {
          type: "invoice",
          invoice: {
            id: "INV-2001",
            customerId: CUSTOMER_ID,
            customerName: card.customerName,
            date: today,
            dueDate: addDays(today, card.dueInDays),
            items: card.items,
            notes: card.notes,
            total: lineItemsTotal(card.items),
            status: "pending",
          },
        },
      };
    case "booking":
      return {
        slot: "card",
        card: {
          type: "booking",
          booking: { id: "B-2001", customerId: CUSTOMER_ID, status: "scheduled", ...withoutKind(card) },
        },
      };
    case "reminder":
      return {
        slot: "card",
        card: {
          type: "email-sent",
          email: { to: card.toEmail, toName: card.toName, subject: card.subject, body: card.body },
        },
      };
    case "customer":
      return {
        slot: "card",
        card: { type: "customer", customer: { id: CUSTOMER_ID, lastService: today, ...withoutKind(card) } },
      };
    case "jobs":
      return {
        slot: "card",
        card: {
          type: "schedule",
          date: card.date,
          bookings: card.jobs.map((job, index) => ({
            id: `B-${2001 + index}`,
            customerId: `C-${2001 + index}`,
            date: card.date,
            notes: "",
            ...job,
          })),
        },
      };
  }
}

function withoutKind<T extends { kind: string }>(card: T): Omit<T, "kind"> {
  const { kind: _kind, ...rest } = card;
  return rest;
}
