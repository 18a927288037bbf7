import type { Metadata } from "next";
import Link from "next/link";

import { DataTable, type Column } from "@/components/admin/kit/data-table";
import { PageHeader } from "@/components/admin/kit/page-header";
import { lastPageOf, Pagination } from "@/components/admin/kit/pagination";
import { LoadFailed, readSection, SectionLoader } from "@/components/admin/kit/section";
import { OutboxStatus } from "@/components/admin/outbox-status";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listOutbox, type OutboxListItem } from "@/lib/data/outbox-admin";
import { emailKindLabel } from "@/lib/email/kind-labels";
import { NOT_CONFIGURED_ERROR } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";
import { utcDateTime as time } from "@/lib/format";

export const metadata: Metadata = { title: "Emails" };

const COLUMNS = (configured: boolean): Column<OutboxListItem>[] => [
  { header: "Recipient", className: "break-all", cell: (message) => message.to },
  {
    header: "Subject",
    className: "min-w-56",
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
  { header: "Status", cell: (message) => <OutboxStatus status={message.status} emailConfigured={configured} /> },
  { header: "Attempts", cell: (message) => message.attempts },
  {
    header: "Last error",
    className: "min-w-48 text-muted-foreground",
    cell: (message) => message.lastError ?? (message.status === "pending" && !configured ? NOT_CONFIGURED_ERROR : ""),
  },
  {
    header: "Created (UTC)",
    className: "whitespace-nowrap",
    cell: (message) => <time dateTime={message.createdAt.toISOString()}>{time.format(message.createdAt)}</time>,
  },
  {
    header: "Sent (UTC)",
    className: "whitespace-nowrap",
    cell: (message) =>
      message.sentAt ? <time dateTime={message.sentAt.toISOString()}>{time.format(message.sentAt)}</time> : "",
  },
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
