import { CalendarCheck, CalendarDays, CircleAlert, LifeBuoy, MailCheck, Receipt, UserPlus, Wrench } from "lucide-react";

import { CardShell, Field } from "@/components/landing/demos/card-shell";
import { BookingDetails } from "@/components/landing/demos/documents";
import { StatusBadge } from "@/components/landing/demos/status-badge";
import type { DemoCard, Invoice } from "@/content/demo/types";
import { daysBetween, formatDemoDate, formatMoney, lineItemsTotal } from "@/lib/demo/format";

function InvoiceRows({ invoices, asOf }: { invoices: readonly Invoice[]; asOf?: string }) {
  return (
    <ul className="divide-y divide-border/70">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1">
            <p className="text-[13px] font-medium [overflow-wrap:anywhere]">{invoice.customerName}</p>
            <p className="text-xs text-muted-foreground">
              {invoice.id} ·{" "}
              {asOf
                ? `${daysBetween(invoice.dueDate, asOf)} days overdue`
                : invoice.status === "paid"
                  ? `Issued ${formatDemoDate(invoice.date)}`
                  : `Due ${formatDemoDate(invoice.dueDate)}`}
            </p>
          </div>
          <p className="text-[13px] font-semibold tabular-nums">{formatMoney(invoice.total)}</p>
          <StatusBadge kind="invoice" status={invoice.status} />
        </li>
      ))}
    </ul>
  );
}

function TotalLine({ label, invoices }: { label: string; invoices: readonly Invoice[] }) {
  const total = lineItemsTotal(invoices.map((invoice) => ({ price: invoice.total, quantity: 1 })));
  return (
    <div className="mt-3 flex items-center justify-between rounded-xl bg-muted px-3 py-2">
      <p className="text-[13px] font-semibold">{label}</p>
      <p className="text-base font-semibold tabular-nums">{formatMoney(total)}</p>
    </div>
  );
}

export const CARD_TITLES: Record<DemoCard["type"], string> = {
  service: "New service",
  schedule: "Today's schedule",
  invoices: "Outstanding invoices",
  booking: "Next booking",
  help: "What I can help with",
  customer: "Customer account created",
  overdue: "Overdue payments",
  "email-sent": "Email Sent Successfully",
};

/** One information card: the hero's service card, the text mode's answers and the voice mode's email. */
export function InfoCard({ card, onClose, className }: { card: DemoCard; onClose?: () => void; className?: string }) {
  const common = { onClose, className, title: CARD_TITLES[card.type] } as const;
  switch (card.type) {
    case "service":
      return (
        <CardShell
          {...common}
          icon={<Wrench />}
          subtitle="Added to your price list"
          closeLabel="Close service card"
          scrollable
        >
          <p className="text-base font-semibold leading-tight">{card.service.name}</p>
          <p className="mt-1 text-[13px] leading-snug text-muted-foreground">{card.service.description}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">Price</dt>
              <dd className="text-base font-semibold tabular-nums">{card.service.price}</dd>
            </div>
            <div className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">Duration</dt>
              <dd className="text-base font-semibold">{card.service.duration}</dd>
            </div>
          </dl>
        </CardShell>
      );
    case "schedule":
      return (
        <CardShell {...common} icon={<CalendarDays />} subtitle={formatDemoDate(card.date)}>
          <ol className="relative space-y-2.5">
            {card.bookings.map((booking) => (
              <li key={booking.id} className="flex gap-3">
                <div className="w-12 shrink-0 pt-0.5 text-right tabular-nums">
                  <p className="text-[13px] font-semibold">{booking.startTime}</p>
                  <p className="text-[11px] text-muted-foreground">{booking.endTime}</p>
                </div>
                <div className="min-w-0 flex-1 rounded-lg border border-border/70 px-3 py-2">
                  <div className="flex items-center justify-between gap-2">
                    <p className="text-[13px] font-medium [overflow-wrap:anywhere]">{booking.service}</p>
                    <StatusBadge kind="booking" status={booking.status} />
                  </div>
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {booking.customerName} · {booking.address}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </CardShell>
      );
    case "invoices":
      return (
        <CardShell {...common} icon={<Receipt />} subtitle={`${card.invoices.length} unpaid`}>
          <InvoiceRows invoices={card.invoices} />
          <TotalLine label="Total outstanding" invoices={card.invoices} />
          {card.paid.length > 0 ? (
            <>
              <p className="mt-4 mb-2 text-[11px] font-medium uppercase tracking-wide text-muted-foreground">
                Paid today
              </p>
              <InvoiceRows invoices={card.paid} />
            </>
          ) : null}
        </CardShell>
      );
    case "booking":
      return (
        <CardShell
          {...common}
          icon={<CalendarCheck />}
          subtitle={card.booking.id}
          badge={<StatusBadge kind="booking" status={card.booking.status} />}
        >
          <BookingDetails booking={card.booking} />
        </CardShell>
      );
    case "help":
      return (
        <CardShell {...common} icon={<LifeBuoy />} subtitle="Ask in your own words">
          <ul className="grid gap-2 sm:grid-cols-2">
            {card.topics.map((topic) => (
              <li key={topic.title} className="rounded-lg bg-muted px-3 py-2">
                <p className="text-[13px] font-semibold">{topic.title}</p>
                <p className="text-xs text-muted-foreground">{topic.example}</p>
              </li>
            ))}
          </ul>
        </CardShell>
      );
    case "customer":
      return (
        <CardShell {...common} icon={<UserPlus />} subtitle={`Account ${card.customer.id}`}>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
            <Field label="Name">{card.customer.name}</Field>
            <Field label="Type">
              <span className="capitalize">{card.customer.type}</span>
            </Field>
            <Field label="Email" className="col-span-2">
              {card.customer.email}
            </Field>
            <Field label="Phone">{card.customer.phone}</Field>
            <Field label="Created">{formatDemoDate(card.customer.lastService)}</Field>
            <Field label="Address" className="col-span-2">
              {card.customer.address}
            </Field>
          </dl>
        </CardShell>
      );
    case "overdue":
      return (
        <CardShell {...common} icon={<CircleAlert />} subtitle={`As of ${formatDemoDate(card.asOf)}`}>
          <InvoiceRows invoices={card.invoices} asOf={card.asOf} />
          <TotalLine label="Total overdue" invoices={card.invoices} />
        </CardShell>
      );
    case "email-sent":
      return (
        <CardShell {...common} tone="success" icon={<MailCheck />} subtitle={`To ${card.email.toName}`}>
          <dl className="space-y-2.5">
            <Field label="To">
              {card.email.toName} &lt;{card.email.to}&gt;
            </Field>
            <Field label="Subject">{card.email.subject}</Field>
          </dl>
          <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-[13px] leading-snug">{card.email.body}</p>
        </CardShell>
      );
  }
}
