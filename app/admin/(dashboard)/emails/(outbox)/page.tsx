import type { Metadata } from "next";
import Link from "next/link";

import { OutboxStatus } from "@/components/admin/emails/outbox-status";
import { DataTable, type Column } from "@/components/admin/kit/data-table";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { PageHeader } from "@/components/admin/kit/page-header";
import { lastPageOf, Pagination } from "@/components/admin/kit/pagination";
import { LoadFailed, readSection, SectionLoader } from "@/components/admin/kit/section";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listOutbox, type OutboxListItem } from "@/lib/data/outbox-admin";
import { emailKindLabel } from "@/lib/email/kind-labels";
import { NOT_CONFIGURED_ERROR } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";

// The list's times, in UTC as its headers say: the day and the time of day, each kept on one line.
const utcDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const utcTime = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "UTC" });

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
        <Link
          href={`/admin/emails/${message.id}`}
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
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

async function Outbox({ page }: { page: number }) {
  const admin = await requireCurrentAdmin();
  const data = await readSection("the outbox", () => listOutbox(admin, page));
  if (!data)
    return (
      <LoadFailed
        toastId="outbox-fetch"
        toastTitle="Failed to fetch emails"
        text="Error loading emails. Please try again."
      />
    );
  return (
    <div className="grid gap-4">
      <DataTable
        label="Emails"
        columns={COLUMNS(emailConfigured())}
        rows={data.messages}
        rowKey={(message) => message.id}
        rowTestId="email-row"
        empty="No emails yet"
      />
      {data.total > data.pageSize && (
        <Pagination
          page={data.page}
          lastPage={lastPageOf(data.total, data.pageSize)}
          hrefFor={(target) => (target === 1 ? "/admin/emails" : `/admin/emails?page=${target}`)}
        />
      )}
    </div>
  );
}

export default async function EmailsPage({ searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  const raw = [(await searchParams).page ?? []].flat().at(-1);
  const page = raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Emails"
        description="Every email the site has queued, newest first, with its delivery status. Open one to see it as it was sent."
      />
      <SectionLoader key={page} text="Loading emails...">
        <Outbox page={page} />
      </SectionLoader>
    </div>
  );
}
