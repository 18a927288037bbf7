import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { EntryActions } from "@/components/admin/entry-actions";
import { PageHeader } from "@/components/admin/kit/page-header";
import { OutboxStatus } from "@/components/admin/outbox-status";
import { StatusBadge } from "@/components/admin/waitlist-table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { getWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { emailConfigured } from "@/lib/email/transport";
import { utcDateTime as time } from "@/lib/format";
import { adminIdSchema } from "@/lib/validation/admin";
import { businessTypeLabel, teamSizeLabel } from "@/lib/validation/waitlist";

export const metadata: Metadata = { title: "Waitlist entry" };

const KIND = {
  confirmation: "Confirmation email",
  invitation: "Invitation email",
  referral: "Referral email",
} as Record<string, string>;

interface Event {
  at: Date;
  what: React.ReactNode;
}

/** One entry's story: every field, its status, and a timeline of what happened, with the actions on it. */
export default async function WaitlistEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const admin = await requireCurrentAdmin();
  const { id } = await params;
  const parsed = adminIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  const entry = await getWaitlistEntry(admin, parsed.data);
  if (!entry) notFound();
  const configured = emailConfigured();

  // Signing up comes first, even if an email's time (set by this server) is a moment before the database's.
  const events: Event[] = [];
  for (const email of entry.emails) {
    events.push({
      at: email.createdAt,
      what: (
        <>
          {KIND[email.kind] ?? email.kind} queued: <OutboxStatus status={email.status} emailConfigured={configured} />
          {email.sentAt ? ` (sent ${time.format(email.sentAt)} UTC)` : email.lastError ? ` (${email.lastError})` : ""}
        </>
      ),
    });
  }
  if (entry.confirmedAt) events.push({ at: entry.confirmedAt, what: "Confirmed their address" });
  if (entry.invitedAt) events.push({ at: entry.invitedAt, what: "Invited" });
  if (entry.acceptedAt) events.push({ at: entry.acceptedAt, what: "Opened their invitation" });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  events.unshift({ at: entry.joinedAt, what: "Signed up" });

  const fields: [string, React.ReactNode][] = [
    ["Email", entry.email],
    ["Business type", businessTypeLabel(entry.businessType)],
    ["Team size", teamSizeLabel(entry.employees)],
    ["Joined", `${time.format(entry.joinedAt)} UTC`],
    ["Agreed to be emailed", `${time.format(entry.consentedAt)} UTC`],
    ["Confirmed", entry.confirmedAt ? `${time.format(entry.confirmedAt)} UTC` : "Not yet"],
    ["Status", <StatusBadge key="status" status={entry.status} />],
    [
      "Source",
      <Link
        key="source"
        href={`/admin?${new URLSearchParams({ source: entry.source })}`}
        className="text-primary underline-offset-4 hover:underline"
      >
        {entry.source}
        <span className="sr-only"> (list every entry from this source)</span>
      </Link>,
    ],
    ["Medium", entry.utmMedium ?? "None"],
    ["Campaign", entry.utmCampaign ?? "None"],
    ["Referring site", entry.referrer ?? "None"],
  ];

  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <PageHeader title={entry.name} back={{ href: "/admin", label: "All entries" }}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <EntryActions
          id={entry.id}
          name={entry.name}
          email={entry.email}
          status={entry.status}
          confirmed={entry.confirmedAt !== null}
        />
      </PageHeader>
      <section aria-labelledby="timeline" className="grid gap-3">
        <h2 id="timeline" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="grid gap-3 border-l pl-5">
          {events.map((event, index) => (
            <li key={index} className="grid gap-0.5" data-testid="timeline-event">
              <time dateTime={event.at.toISOString()} className="text-xs text-muted-foreground">
                {time.format(event.at)} UTC
              </time>
              <span className="text-sm">{event.what}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
