import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { EntryActions } from "@/components/admin/entry/entry-actions";
import { EntryNotes } from "@/components/admin/entry/entry-notes";
import { EntryTags } from "@/components/admin/entry/entry-tags";
import { emailEventText } from "@/components/admin/entry/entry-timeline";
import { EmailAddress } from "@/components/admin/kit/email-address";
import { PageHeader } from "@/components/admin/kit/page-header";
import { HeldActions } from "@/components/admin/waitlist/held-actions";
import { HeldBadge, HeldNotice } from "@/components/admin/waitlist/held-badge";
import { StatusBadge } from "@/components/admin/waitlist/waitlist-table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import {
  ANY_WAITLIST_COLUMNS,
  labelOf,
  type WaitlistColumn,
  type WaitlistColumnKey,
  type WaitlistRow,
} from "@/lib/data/waitlist/columns";
import { getWaitlistEntry, referralCreditText } from "@/lib/data/waitlist/entry-actions";
import { canChangeNote, entryNotes } from "@/lib/data/waitlist/notes";
import { entryTags, knownTags } from "@/lib/data/waitlist/tags";
import { emailConfigured } from "@/lib/email/transport";
import { formatNumber, utcDateTime as time } from "@/lib/format";
import { adminIdSchema } from "@/lib/validation/admin";
import { heldReasonLabel } from "@/lib/validation/challenge";
import { isWithheldReferral, withheldReasonForTeam } from "@/lib/validation/referral-credit";
import { businessTypeLabel, teamSizeLabel } from "@/lib/validation/waitlist";

export const metadata: Metadata = { title: "Waitlist entry" };

const linkClass = "text-primary underline-offset-4 hover:underline";

/**
 * The list's columns (lib/data/waitlist/columns.ts) this page shows in its own words, above or in the timeline and
 * the held notice; it lists every other column after them, so a new column shows here with nothing to add.
 */
const SHOWN_ABOVE = new Set<WaitlistColumnKey>([
  "id",
  "name",
  "email",
  "businessType",
  "businessDescription",
  "employees",
  "joinedAt",
  "confirmedAt",
  "status",
  "invitedAt",
  "acceptedAt",
  "source",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "referrer",
  "place",
  "referralCode",
  "referredBy",
  "referrals",
  "heldAt",
  "heldReason",
  "heldReasonText",
  "tags",
]);

/** A column's value in words, as its format reads: "None" when not given (see WaitlistColumnFormat). */
function columnText(column: WaitlistColumn, value: WaitlistRow[WaitlistColumnKey]): string {
  if (value === null) return column.format === "time" ? "Not yet" : "None";
  if (value instanceof Date) return `${time.format(value)} UTC`;
  if (typeof value === "number") return column.format === "place" ? `#${formatNumber(value)}` : formatNumber(value);
  return labelOf(column, value);
}

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
  const [entry, tags, known, notes] = await Promise.all([
    getWaitlistEntry(admin, parsed.data),
    entryTags(admin, parsed.data),
    knownTags(admin),
    entryNotes(admin, parsed.data),
  ]);
  if (!entry) notFound();
  const configured = emailConfigured();

  // Signing up comes first, even if an email's time (set by this server) is a moment before the database's.
  const events: Event[] = [];
  for (const email of entry.emails) events.push({ at: email.createdAt, what: emailEventText(email, configured) });
  if (entry.confirmedAt) events.push({ at: entry.confirmedAt, what: "Confirmed their address" });
  if (entry.invitedAt) events.push({ at: entry.invitedAt, what: "Invited" });
  // Opening the invitation's link is what accepts it: the status says Accepted, and so does the timeline.
  if (entry.acceptedAt) events.push({ at: entry.acceptedAt, what: "Accepted their invitation" });
  // A referral is judged as its friend confirms; credited later, it was the team's "Credit anyway" (the audit
  // log says who).
  if (
    entry.referralCredit === "credited" &&
    entry.referralCheckedAt &&
    entry.confirmedAt &&
    entry.referralCheckedAt > entry.confirmedAt
  )
    events.push({ at: entry.referralCheckedAt, what: "Their referral was credited anyway by the team" });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  events.unshift({ at: entry.joinedAt, what: "Signed up" });
  // Held at signup, so straight after it (released entries lose the mark, and this line with it).
  if (entry.heldAt)
    events.splice(1, 0, { at: entry.heldAt, what: `Held for review: ${heldReasonLabel(entry.heldReason)}` });

  const fields: [string, React.ReactNode][] = [
    ["Email", <EmailAddress key="email" address={entry.email} />],
    ["Business type", businessTypeLabel(entry.businessType)],
    // What a visitor who chose "Other" said their business is, in their own words.
    ...(entry.businessType === "other"
      ? [["What kind of business", entry.businessDescription ?? "Not given"] as [string, React.ReactNode]]
      : []),
    ["Team size", teamSizeLabel(entry.employees)],
    ["Joined", `${time.format(entry.joinedAt)} UTC`],
    ["Agreed to be emailed", `${time.format(entry.consentedAt)} UTC`],
    ["Confirmed", entry.confirmedAt ? `${time.format(entry.confirmedAt)} UTC` : "Not yet"],
    [
      "Status",
      entry.heldAt ? (
        <HeldBadge key="status" reason={entry.heldReason} />
      ) : (
        <StatusBadge key="status" status={entry.status} />
      ),
    ],
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
    [
      "Place in line",
      entry.place !== null
        ? `#${formatNumber(entry.place)}`
        : entry.heldAt
          ? "None while held for review"
          : entry.status !== "waiting"
            ? "Out of the line (invited)"
            : "None until they confirm their address",
    ],
    ["Referral code", <code key="code">{entry.referralCode}</code>],
    [
      "Referred by",
      entry.referredBy ? (
        <span key="referred-by">
          <Link href={`/admin/waitlist/${entry.referredBy.id}`} className={linkClass}>
            {entry.referredBy.name}
          </Link>
          {" · "}
          {referralCreditText(entry.referralCredit, entry.confirmedAt !== null)}
        </span>
      ) : entry.referralCredit ? (
        // The referrer has left the list since; what their referral earned is still worth knowing.
        `Someone who has since left · ${referralCreditText(entry.referralCredit, true)}`
      ) : (
        "Nobody"
      ),
    ],
    ["Referrals credited", formatNumber(entry.referralCredits)],
    // Any other column of the list, under its heading, as its format reads.
    ...ANY_WAITLIST_COLUMNS.filter((column) => !SHOWN_ABOVE.has(column.key)).map(
      (column): [string, React.ReactNode] => [
        column.list ?? column.csv ?? column.key,
        columnText(column, entry.columns[column.key]),
      ],
    ),
  ];

  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <PageHeader title={entry.name} back={{ href: "/admin", label: "All entries" }}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        {entry.heldAt ? (
          // Resend and Invite make no sense for an entry that has never been emailed: releasing sends its
          // first email, and the server refuses both until then.
          <HeldNotice heldAt={`${time.format(entry.heldAt)} UTC`} reason={entry.heldReason}>
            <HeldActions entry={{ id: entry.id, name: entry.name, email: entry.email }} />
          </HeldNotice>
        ) : (
          <EntryActions
            id={entry.id}
            name={entry.name}
            email={entry.email}
            status={entry.status}
            confirmed={entry.confirmedAt !== null}
            withheldReferral={
              entry.referredBy && entry.confirmedAt && isWithheldReferral(entry.referralCredit)
                ? { referrerName: entry.referredBy.name, reason: withheldReasonForTeam(entry.referralCredit) }
                : null
            }
          />
        )}
      </PageHeader>
      <section aria-labelledby="tags" className="grid gap-3">
        <h2 id="tags" className="text-lg font-semibold">
          Tags
        </h2>
        <EntryTags id={entry.id} tags={tags} known={known} />
      </section>
      <section aria-labelledby="notes" className="grid gap-3">
        <h2 id="notes" className="text-lg font-semibold">
          Notes
        </h2>
        <EntryNotes
          id={entry.id}
          notes={notes.map((note) => ({
            id: note.id,
            body: note.body,
            authorEmail: note.authorEmail,
            createdAt: note.createdAt,
            updatedAt: note.updatedAt,
            canChange: canChangeNote(admin, note),
          }))}
        />
      </section>
      <section aria-labelledby="referrals" className="grid gap-3">
        <h2 id="referrals" className="text-lg font-semibold">
          Joined through their link ({formatNumber(entry.referred)})
        </h2>
        {entry.referrals.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="referrals">
            {entry.referrals.map((friend) => (
              <li key={friend.id}>
                <Link href={`/admin/waitlist/${friend.id}`} className={linkClass}>
                  {friend.name}
                </Link>{" "}
                <span className="text-muted-foreground">
                  (<EmailAddress address={friend.email} />)
                </span>
                : {referralCreditText(friend.referralCredit, friend.confirmedAt !== null)}
              </li>
            ))}
          </ul>
        )}
        {entry.referred > 0 ? (
          <p className="text-sm">
            {entry.referred > entry.referrals.length
              ? `The newest ${formatNumber(entry.referrals.length)} are listed here. `
              : null}
            <Link href={`/admin?${new URLSearchParams({ "referred-by": entry.referralCode })}`} className={linkClass}>
              List everyone who joined through their link
            </Link>
          </p>
        ) : null}
      </section>
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
