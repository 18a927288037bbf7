import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";

import { OutboxStatus } from "@/components/admin/outbox-status";
import { LoadFailed, LoadingStatus } from "@/components/admin/load-states";
import { formatNumber, utcDateTime as time } from "@/lib/format";
import { buttonVariants } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { NOT_CONFIGURED_ERROR } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";
import { listOutbox } from "@/lib/data/outbox-admin";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Emails" };


async function Outbox({ page }: { page: number }) {
  const admin = await requireCurrentAdmin();
  let data: Awaited<ReturnType<typeof listOutbox>>;
  try {
    data = await listOutbox(admin, page);
  } catch (error) {
    console.error("[admin] the outbox could not be read:", error);
    return <LoadFailed toastId="outbox-fetch" toastTitle="Failed to fetch emails" text="Error loading emails. Please try again." />;
  }
  const configured = emailConfigured();
  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize));
  const pageLink = (target: number, label: string, disabled: boolean) =>
    disabled ? (
      <span role="link" aria-disabled="true" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "pointer-events-none opacity-50")}>
        {label}
      </span>
    ) : (
      <Link href={target === 1 ? "/admin/emails" : `/admin/emails?page=${target}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
        {label}
      </Link>
    );
  return (
    <div className="grid gap-4">
      <Table containerLabel="Emails" stackOnPhone>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Recipient</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Attempts</TableHead>
            <TableHead>Last error</TableHead>
            <TableHead>Created (UTC)</TableHead>
            <TableHead>Sent (UTC)</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.messages.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={7} className="h-24 text-center text-muted-foreground">
                No emails yet
              </TableCell>
            </TableRow>
          ) : (
            data.messages.map((message) => (
              <TableRow key={message.id} data-testid="email-row">
                <TableCell data-label="Recipient" className="break-all">
                  {message.to}
                </TableCell>
                <TableCell data-label="Subject" className="min-w-56">
                  <Link href={`/admin/emails/${message.id}`} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                    {message.subject}
                  </Link>
                </TableCell>
                <TableCell data-label="Status">
                  <OutboxStatus status={message.status} emailConfigured={configured} />
                </TableCell>
                <TableCell data-label="Attempts">{message.attempts}</TableCell>
                <TableCell data-label="Last error" className="min-w-48 text-muted-foreground">
                  {message.lastError ?? (message.status === "pending" && !configured ? NOT_CONFIGURED_ERROR : "")}
                </TableCell>
                <TableCell data-label="Created (UTC)" className="whitespace-nowrap">
                  <time dateTime={message.createdAt.toISOString()}>{time.format(message.createdAt)}</time>
                </TableCell>
                <TableCell data-label="Sent (UTC)" className="whitespace-nowrap">
                  {message.sentAt ? <time dateTime={message.sentAt.toISOString()}>{time.format(message.sentAt)}</time> : ""}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {data.total > data.pageSize && (
        <nav aria-label="Pagination" className="flex items-center justify-end gap-2">
          {pageLink(data.page - 1, "Previous", data.page <= 1)}
          <p className="px-2 text-sm tabular-nums">
            Page {formatNumber(data.page)} of {formatNumber(lastPage)}
          </p>
          {pageLink(data.page + 1, "Next", data.page >= lastPage)}
        </nav>
      )}
    </div>
  );
}

export default async function EmailsPage({ searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  const raw = [(await searchParams).page ?? []].flat().at(-1);
  const page = raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Emails</h1>
        <p className="text-sm text-muted-foreground">Every email the site has queued, newest first, with its delivery status. Open one to see it as it was sent.</p>
      </div>
      <Suspense key={page} fallback={<LoadingStatus text="Loading emails..." />}>
        <Outbox page={page} />
      </Suspense>
    </div>
  );
}
