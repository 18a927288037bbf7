import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { OutboxStatus } from "@/components/admin/emails/outbox-status";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { PageHeader } from "@/components/admin/kit/page-header";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { getOutboxMessage } from "@/lib/data/outbox-admin";
import { emailKindLabel } from "@/lib/email/kind-labels";
import { NOT_CONFIGURED_ERROR } from "@/lib/email/outbox";
import { emailConfigured } from "@/lib/email/transport";
import { utcDateTimeSeconds as time } from "@/lib/format";
import { adminIdSchema } from "@/lib/validation/admin";

export const metadata: Metadata = { title: "Email" };

/** One email as it was sent: its details, the HTML part in a sandboxed frame, and the plain-text part. */
export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  const admin = await requireCurrentAdmin();
  const { id } = await params;
  const parsed = adminIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const message = await getOutboxMessage(admin, parsed.data);
  if (!message) notFound();
  const configured = emailConfigured();
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageHeader title={message.subject} back={{ href: "/admin/emails", label: "All emails" }}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Kind</dt>
          <dd>{emailKindLabel(message.kind)}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd>
            <EmailAddress address={message.to} />
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <OutboxStatus status={message.status} emailConfigured={configured} /> after {message.attempts}{" "}
            {message.attempts === 1 ? "attempt" : "attempts"}
          </dd>
          {message.lastError || (message.status === "pending" && !configured) ? (
            <>
              <dt className="text-muted-foreground">Last error</dt>
              <dd>{message.lastError ?? NOT_CONFIGURED_ERROR}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Created</dt>
          <dd>{time.format(message.createdAt)} UTC</dd>
          {message.sentAt ? (
            <>
              <dt className="text-muted-foreground">Sent</dt>
              <dd>{time.format(message.sentAt)} UTC</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Message-ID</dt>
          <dd className="break-all font-mono text-xs">{message.messageId}</dd>
        </dl>
        {message.status === "sent" ? (
          <p className="text-sm text-muted-foreground">
            Its links carried one-time tokens that are not kept once a message is sent, so they are blanked here.
          </p>
        ) : null}
      </PageHeader>
      <section aria-labelledby="html-part" className="grid gap-2">
        <h2 id="html-part" className="text-lg font-semibold">
          As the recipient sees it
        </h2>
        {/* An empty sandbox: the message cannot run scripts, submit forms or navigate this page. */}
        <iframe
          title={`The email "${message.subject}"`}
          sandbox=""
          srcDoc={message.html}
          className="h-[640px] w-full rounded-lg border bg-white"
        />
      </section>
      <section aria-labelledby="text-part" className="grid gap-2">
        <h2 id="text-part" className="text-lg font-semibold">
          Plain-text part
        </h2>
        <pre className="overflow-x-auto whitespace-pre-wrap rounded-lg border bg-card p-4 text-sm">{message.text}</pre>
      </section>
    </div>
  );
}
