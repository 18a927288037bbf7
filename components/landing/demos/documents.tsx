import { CalendarCheck, CalendarClock, FileText, Receipt, Users } from "lucide-react";
import { Fragment } from "react";

import { CardShell, Field } from "@/components/landing/demos/card-shell";
import { LineItems } from "@/components/landing/demos/line-items";
import { StatusBadge } from "@/components/landing/demos/status-badge";
import type { AvailabilitySlot, Booking, Customer, DemoDocument } from "@/content/demo/types";
import { formatDemoDate } from "@/lib/demo/format";
import { cn } from "@/lib/utils";

export const DOCUMENT_TITLES: Record<DemoDocument["type"], string> = {
  quote: "Quote",
  invoice: "Invoice",
  booking: "Booking confirmed",
  customers: "Customers",
  slots: "Available slots",
};

/** Booking details, shared by the hero's booking document and the text mode's booking card. */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 rounded-xl bg-accent px-3 py-2.5 text-accent-foreground">
        <CalendarCheck aria-hidden="true" className="size-5 shrink-0" />
        <div className="min-w-0">
          <p className="text-sm font-semibold">{formatDemoDate(booking.date)}</p>
          <p className="text-[13px] tabular-nums">
            {booking.startTime} to {booking.endTime}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
        <Field label="Service">{booking.service}</Field>
        <Field label="Customer">{booking.customerName}</Field>
        <Field label="Address" className="col-span-2">
          {booking.address}
        </Field>
        <Field label="Notes" className="col-span-2">
          {booking.notes}
        </Field>
      </dl>
    </div>
  );
}

/**
 * An address with line-break chances after the @ and before each dot, so a narrow column wraps it between its
 * parts, never inside a name.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[.@])|(?<=@)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function CustomerRows({ customers }: { customers: readonly Customer[] }) {
  return (
    <ul className="divide-y divide-border/70">
      {customers.map((customer) => (
        <li key={customer.id} className="flex items-start gap-3 py-2 first:pt-0 last:pb-0 @md:items-center">
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-secondary text-[11px] font-semibold text-secondary-foreground"
          >
            {customer.name
              .split(" ")
              .map((part) => part[0])
              .join("")
              .slice(0, 2)}
          </span>
          {/* On a phone the type and last job sit under the name, which keeps the whole width for it. */}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5 @md:flex-row @md:items-center @md:gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-[13px] font-medium [overflow-wrap:break-word]">{customer.name}</p>
              <p className="text-xs text-muted-foreground [overflow-wrap:break-word]">
                <BreakableEmail email={customer.email} />
              </p>
            </div>
            <div className="flex flex-wrap gap-x-2 @md:block @md:shrink-0 @md:text-right">
              <p className="text-[11px] font-medium capitalize text-secondary-foreground">{customer.type}</p>
              <p className="text-[11px] text-muted-foreground">Last job {formatDemoDate(customer.lastService)}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function SlotGrid({ slots }: { slots: readonly AvailabilitySlot[] }) {
  const dates = [...new Set(slots.map((slot) => slot.date))];
  return (
    <div className="space-y-3">
      {dates.map((date) => (
        <div key={date}>
          <h4 className="mb-1.5 text-xs font-semibold text-muted-foreground">{formatDemoDate(date)}</h4>
          <ul className="grid grid-cols-2 gap-2">
            {slots
              .filter((slot) => slot.date === date)
              .map((slot) => (
                <li
                  key={slot.startTime}
                  className={cn(
                    "flex flex-col items-start gap-1 rounded-lg border px-2.5 py-2 @md:flex-row @md:items-center @md:justify-between",
                    slot.status === "available" ? "border-emerald-200 bg-emerald-50/60" : "border-border bg-muted/60",
                  )}
                >
                  <span className="whitespace-nowrap text-[13px] font-medium tabular-nums">
                    {slot.startTime}–{slot.endTime}
                  </span>
                  <StatusBadge kind="slot" status={slot.status} />
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The body and header of one business document in the hero's sliding panel. */
export function DocumentCard({
  document,
  onClose,
  className,
}: {
  document: DemoDocument;
  onClose?: () => void;
  className?: string;
}) {
  const common = { onClose, className, scrollable: true } as const;
  switch (document.type) {
    case "quote": {
      const { quote } = document;
      return (
        <CardShell
          {...common}
          icon={<FileText />}
          title={`Quote ${quote.id}`}
          subtitle={`For ${quote.customerName}`}
          closeLabel="Close quote"
          badge={<StatusBadge kind="quote" status={quote.status} />}
        >
          <dl className="mb-3 grid grid-cols-2 gap-3">
            <Field label="Issued">{formatDemoDate(quote.date)}</Field>
            <Field label="Valid until">{formatDemoDate(quote.expiryDate)}</Field>
          </dl>
          <LineItems items={quote.items} total={quote.total} />
          <p className="mt-3 text-xs text-muted-foreground">{quote.notes}</p>
        </CardShell>
      );
    }
    case "invoice": {
      const { invoice } = document;
      return (
        <CardShell
          {...common}
          icon={<Receipt />}
          title={`Invoice ${invoice.id}`}
          subtitle={`To ${invoice.customerName}`}
          closeLabel="Close invoice"
          badge={<StatusBadge kind="invoice" status={invoice.status} />}
        >
          <dl className="mb-3 grid grid-cols-2 gap-3">
            <Field label="Issued">{formatDemoDate(invoice.date)}</Field>
            <Field label="Due">{formatDemoDate(invoice.dueDate)}</Field>
          </dl>
          <LineItems items={invoice.items} total={invoice.total} totalLabel="Amount due" />
          <p className="mt-3 text-xs text-muted-foreground">{invoice.notes}</p>
        </CardShell>
      );
    }
    case "booking":
      return (
        <CardShell
          {...common}
          icon={<CalendarCheck />}
          title={DOCUMENT_TITLES.booking}
          subtitle={`${document.booking.id} · ${document.booking.customerName}`}
          closeLabel="Close booking"
          badge={<StatusBadge kind="booking" status={document.booking.status} />}
        >
          <BookingDetails booking={document.booking} />
        </CardShell>
      );
    case "customers":
      return (
        <CardShell
          {...common}
          icon={<Users />}
          title={DOCUMENT_TITLES.customers}
          subtitle={`${document.customers.length} customers`}
          closeLabel="Close customer list"
        >
          <CustomerRows customers={document.customers} />
        </CardShell>
      );
    case "slots":
      return (
        <CardShell
          {...common}
          icon={<CalendarClock />}
          title={DOCUMENT_TITLES.slots}
          subtitle="2-hour slots"
          closeLabel="Close available slots"
        >
          <SlotGrid slots={document.slots} />
        </CardShell>
      );
  }
}
