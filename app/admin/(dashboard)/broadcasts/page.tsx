import type { Metadata } from "next";
import Link from "next/link";

import { BroadcastComposer } from "@/components/admin/broadcasts/broadcast-composer";
import { PageHeader } from "@/components/admin/kit/page-header";
import { PageSection } from "@/components/admin/kit/section";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { listBroadcasts } from "@/lib/data/broadcasts";
import { listSegments } from "@/lib/data/segments";
import { formatNumber } from "@/lib/format";
import { BROADCAST_STATUS_LABELS } from "@/lib/validation/broadcasts";

export const metadata: Metadata = { title: "Broadcasts" };

const when = (date: Date) => date.toISOString().slice(0, 16).replace("T", " ") + " UTC";

export default async function BroadcastsPage() {
  const admin = await requireCurrentAdmin();
  const [segments, broadcasts] = await Promise.all([listSegments(admin), listBroadcasts(admin)]);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <PageHeader
        title="Broadcasts"
        description="Write to a segment of the list. Held, unconfirmed and people who left are never included."
      />
      {roleCan(admin.role, "broadcast") ? (
        <BroadcastComposer
          adminEmail={admin.email}
          segments={segments.filter((segment) => segment.filter).map(({ id, name }) => ({ id, name }))}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Your role (viewer) cannot send broadcasts. Ask an admin.</p>
      )}
      <PageSection id="sent" title="Sent and scheduled" description="Newest first; open one for its counts.">
        {broadcasts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No broadcasts yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Subject</TableHead>
                <TableHead>Segment</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>When</TableHead>
                <TableHead className="text-right">Sent</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {broadcasts.map((broadcast) => (
                <TableRow key={broadcast.id}>
                  <TableCell>
                    <Link
                      href={`/admin/broadcasts/${broadcast.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {broadcast.subject}
                    </Link>
                  </TableCell>
                  <TableCell>{broadcast.segmentName}</TableCell>
                  <TableCell>{BROADCAST_STATUS_LABELS[broadcast.status] ?? broadcast.status}</TableCell>
                  <TableCell>{when(broadcast.sendAt)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatNumber(broadcast.sent)}
                    {broadcast.queued !== null && ` of ${formatNumber(broadcast.queued)}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PageSection>
    </div>
  );
}
