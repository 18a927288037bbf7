import { Suspense } from "react";
import type { Metadata } from "next";
import { formatDistanceStrict } from "date-fns";

import { LoadFailed, LoadingStatus } from "@/components/admin/load-states";
import { NotifyForm } from "@/components/admin/notify-form";
import { EndOtherSessionsButton, EndSessionButton } from "@/components/admin/session-actions";
import { utcDateTime } from "@/components/admin/utc-time";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { getNotifyChoice } from "@/lib/data/notifications";
import { listAdminSessions, type AdminSessionSummary } from "@/lib/data/sessions";

export const metadata: Metadata = { title: "Settings" };


function lastSeen(session: AdminSessionSummary, now: Date): string {
  if (session.current) return "Now";
  const ago = now.getTime() - session.lastSeenAt.getTime();
  return ago < 60_000 ? "Less than a minute ago" : `${formatDistanceStrict(session.lastSeenAt, now)} ago`;
}

async function SessionsList() {
  const admin = await requireCurrentAdmin();
  let sessions: AdminSessionSummary[];
  try {
    sessions = await listAdminSessions(admin);
  } catch (error) {
    console.error("[admin] the sessions could not be read:", error);
    return <LoadFailed toastId="sessions-fetch" toastTitle="Failed to fetch sessions" text="Error loading your sessions. Please try again." />;
  }
  const now = new Date();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="grid gap-4">
      <Table containerLabel="Your sessions" stackOnPhone>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Device</TableHead>
            <TableHead>IP address</TableHead>
            <TableHead>Signed in</TableHead>
            <TableHead>Last active</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.id} data-testid="session-row">
              <TableCell data-label="Device" className="font-medium">
                {session.device}
                {session.current && (
                  <Badge variant="success" className="ml-2">
                    This device
                  </Badge>
                )}
              </TableCell>
              <TableCell data-label="IP address">{session.ip ?? "Unknown"}</TableCell>
              <TableCell data-label="Signed in" className="whitespace-nowrap">
                <time dateTime={session.createdAt.toISOString()}>{utcDateTime.format(session.createdAt)} UTC</time>
              </TableCell>
              <TableCell data-label="Last active" className="whitespace-nowrap">
                <time dateTime={session.lastSeenAt.toISOString()}>{lastSeen(session, now)}</time>
              </TableCell>
              <TableCell data-label="Actions" className="text-right">
                <EndSessionButton sessionId={session.id} device={session.device} current={session.current} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-center gap-3">
        <EndOtherSessionsButton disabled={others === 0} />
        <p className="text-sm text-muted-foreground">
          {others === 0 ? "You are signed in on this device only." : `You are signed in on ${others} other ${others === 1 ? "device" : "devices"}.`}
        </p>
      </div>
    </div>
  );
}

async function NotifySettings() {
  const admin = await requireCurrentAdmin();
  const choice = await getNotifyChoice(admin).catch((error: unknown) => {
    console.error("[admin] the email settings could not be read:", error);
    return null;
  });
  if (choice === null) {
    return <LoadFailed toastId="notify-fetch" toastTitle="Failed to load your email settings" text="Error loading your email settings. Please try again." />;
  }
  return <NotifyForm initial={choice} />;
}

export default async function SettingsPage() {
  const admin = await requireCurrentAdmin();
  return (
    <div className="mx-auto grid max-w-6xl gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">
          Signed in as {admin.name} ({admin.email}).
        </p>
      </div>
      <section aria-labelledby="email-heading" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="email-heading" className="text-lg font-semibold">
            Email about signups
          </h2>
          <p className="text-sm text-muted-foreground">Sent to {admin.email}. Your choice only; each admin picks their own.</p>
        </div>
        <Suspense fallback={<LoadingStatus text="Loading your email settings..." className="py-4" />}>
          <NotifySettings />
        </Suspense>
      </section>
      <section aria-labelledby="sessions-heading" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-muted-foreground">
            Where you are signed in. Signing out of a session ends it at once; a session also ends after a period without activity.
          </p>
        </div>
        <Suspense fallback={<LoadingStatus text="Loading sessions..." className="py-4" />}>
          <SessionsList />
        </Suspense>
      </section>
    </div>
  );
}
