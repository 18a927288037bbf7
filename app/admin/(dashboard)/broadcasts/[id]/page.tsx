import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { BroadcastCounts } from "@/components/admin/broadcasts/broadcast-counts";
import { CancelBroadcastButton } from "@/components/admin/broadcasts/cancel-broadcast-button";
import { PageHeader } from "@/components/admin/kit/page-header";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { getBroadcast, type BroadcastSummary } from "@/lib/data/broadcasts";
import { HttpError } from "@/lib/http";
import { BROADCAST_STATUS_LABELS } from "@/lib/validation/broadcasts";

export const metadata: Metadata = { title: "Broadcast" };

const when = (date: Date | null) => (date ? date.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "–");

export default async function BroadcastPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const admin = await requireCurrentAdmin();
  if (!/^\d{1,9}$/.test(id)) notFound();
  let broadcast: BroadcastSummary;
  try {
    broadcast = await getBroadcast(admin, Number(id));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
  const open = broadcast.status === "scheduled" || broadcast.status === "sending";
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title={broadcast.subject}
        description={`To "${broadcast.segmentName}"${broadcast.includeUnconfirmed ? ", unconfirmed included" : ""}, by ${broadcast.createdByEmail ?? "a removed admin"}.`}
        back={{ href: "/admin/broadcasts", label: "Broadcasts" }}
      />
      <p className="text-sm">
        <strong>{BROADCAST_STATUS_LABELS[broadcast.status] ?? broadcast.status}</strong>
        {` · send at ${when(broadcast.sendAt)} · started ${when(broadcast.startedAt)} · finished ${when(broadcast.finishedAt)}`}
      </p>
      <BroadcastCounts broadcast={broadcast} />
      {open && roleCan(admin.role, "broadcast") && (
        <div>
          <CancelBroadcastButton id={broadcast.id} started={broadcast.status === "sending"} />
        </div>
      )}
      <section aria-labelledby="body-heading" className="grid gap-2">
        <h2 id="body-heading" className="text-lg font-semibold">
          Message (Markdown)
        </h2>
        <pre className="rounded-md border bg-muted p-3 text-sm whitespace-pre-wrap">{broadcast.body}</pre>
      </section>
    </div>
  );
}
