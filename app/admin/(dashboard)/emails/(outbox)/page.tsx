import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";

import { OutboxStatus } from "@/components/admin/emails/outbox-status";
import { DataTable, type Column } from "@/components/admin/kit/data-table";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { FilterFields } from "@/components/admin/kit/filter-fields";
import { PageHeader } from "@/components/admin/kit/page-header";
import { lastPageOf, Pagination } from "@/components/admin/kit/pagination";
import { LoadFailed, readSection, SectionLoader } from "@/components/admin/kit/section";
import { Button, buttonVariants } from "@/components/ui/button";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listOutbox, type OutboxListItem } from "@/lib/data/outbox-admin";
import { emailKindLabel } from "@/lib/email/kind-labels";
import { NOT_CONFIGURED_ERROR } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";
import { formatNumber } from "@/lib/format";
import {
  ANY_OUTBOX_FILTERS,
  isOutboxFiltered,
  outboxViewHref,
  readOutboxView,
  type OutboxFilter,
  type OutboxView,
} from "@/lib/validation/outbox-filters";

// The list's times, in UTC as its headers say: the day and the time of day, each kept on one line.
const utcDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const utcTime = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "UTC" });

const linkClass =
  "font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

export const metadata: Metadata = { title: "Emails" };

/** A moment as its date over its time, so the two date columns stay narrow enough for the rest to fit at 1280 px. */
function When({ at }: { at: Date }) {
  return (
    <time dateTime={at.toISOString()} className="grid">
      <span className="whitespace-nowrap">{utcDate.format(at)}</span>
      <span className="whitespace-nowrap text-muted-foreground">{utcTime.format(at)}</span>
    </time>
  );
}

const COLUMNS = (configured: boolean): Column<OutboxListItem>[] => [
  // The room the other columns leave, and never less than a usual address's name: a longer one is cut short on one
  // line (whole on hover or focus), so no address breaks and each row stays short.
  {
    header: "Recipient",
    className: "w-1/4 min-w-40",
    cell: (message) => <EmailAddress address={message.to} truncate />,
  },
  {
    header: "Subject",
    className: "min-w-40",
    cell: (message) => (
      <>
        <Link href={`/admin/emails/${message.id}`} className={linkClass}>
          {message.subject}
        </Link>
        <span className="block text-xs text-muted-foreground">{emailKindLabel(message.kind)}</span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (message) => (
      <div className="grid justify-items-start gap-1">
        <OutboxStatus status={message.status} emailConfigured={configured} />
        <span className="text-xs whitespace-nowrap text-muted-foreground">
          {message.attempts} {message.attempts === 1 ? "attempt" : "attempts"}
        </span>
      </div>
    ),
  },
  {
    header: "Last error",
    className: "min-w-32 text-muted-foreground",
    cell: (message) => message.lastError ?? (message.status === "pending" && !configured ? NOT_CONFIGURED_ERROR : ""),
  },
  { header: "Created (UTC)", cell: (message) => <When at={message.createdAt} /> },
  { header: "Sent (UTC)", cell: (message) => (message.sentAt ? <When at={message.sentAt} /> : "") },
];

/**
 * The search and filters, from the same descriptors as the SQL that applies them. A GET form (next/form: a
 * client-side navigation once scripts run, a plain form before), so they live in the URL, bookmarkable.
 */
function OutboxFilters({ filter, refused }: { filter: OutboxFilter; refused: Record<string, string> }) {
  return (
    <Form
      action="/admin/emails"
      role="search"
      aria-label="Search and filter emails"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,1fr)_auto_auto_auto] lg:items-start"
    >
      <FilterFields idPrefix="emails" descriptors={ANY_OUTBOX_FILTERS} values={filter} refused={refused} />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6.5">
        <Button type="submit">Apply filters</Button>
        {isOutboxFiltered(filter) && (
          <Link href="/admin/emails" className={buttonVariants({ variant: "ghost" })}>
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

function summary(data: { total: number; page: number; pageSize: number; messages: unknown[] }, filtered: boolean) {
  if (data.messages.length === 0) return "";
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.messages.length - 1;
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(data.total)} ${filtered ? "matching emails" : "emails"}`;
}

async function Outbox({ view }: { view: OutboxView }) {
  const admin = await requireCurrentAdmin();
  const data = await readSection("the outbox", () => listOutbox(admin, view.page, view.filter));
  if (!data)
    return (
      <LoadFailed
        toastId="outbox-fetch"
        toastTitle="Failed to fetch emails"
        text="Error loading emails. Please try again."
      />
    );
  const filtered = isOutboxFiltered(view.filter);
  return (
    <div className="grid gap-4">
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {summary(data, filtered)}
      </p>
      <DataTable
        label="Emails"
        columns={COLUMNS(emailConfigured())}
        rows={data.messages}
        rowKey={(message) => message.id}
        rowTestId="email-row"
        message={
          data.messages.length === 0 && filtered
            ? {
                kind: "empty",
                text: "No emails match your search and filters",
                action: (
                  <Link href="/admin/emails" className={linkClass}>
                    Clear filters
                  </Link>
                ),
              }
            : undefined
        }
        empty="No emails yet"
      />
      {(data.total > data.pageSize || view.page > 1) && (
        <Pagination
          page={data.page}
          lastPage={lastPageOf(data.total, data.pageSize)}
          hrefFor={(target) => outboxViewHref({ filter: view.filter, page: target })}
        />
      )}
    </div>
  );
}

export default async function EmailsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  // A repeated parameter counts once, as its last value, like the waiting list's.
  const { refused, ...view } = readOutboxView({ get: (name) => [params[name] ?? []].flat().at(-1) ?? null });
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Emails"
        description="Every email the site has queued, newest first, with its delivery status. Open one to see it as it was sent."
      />
      <OutboxFilters filter={view.filter} refused={refused} />
      <SectionLoader key={outboxViewHref(view)} text="Loading emails...">
        <Outbox view={view} />
      </SectionLoader>
    </div>
  );
}
