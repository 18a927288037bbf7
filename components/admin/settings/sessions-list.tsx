import { formatDistanceStrict } from "date-fns";

import { DataTable, type Column } from "@/components/admin/kit/data-table";
import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { EndOtherSessionsButton, EndSessionButton } from "@/components/admin/settings/session-actions";
import { Badge } from "@/components/ui/badge";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listAdminSessions, SIGN_IN_METHOD_LABELS, type AdminSessionSummary } from "@/lib/data/sessions";
import { utcDateTime } from "@/lib/format";

function lastSeen(session: AdminSessionSummary, now: Date): string {
  if (session.current) return "Now";
  const ago = now.getTime() - session.lastSeenAt.getTime();
  return ago < 60_000 ? "Less than a minute ago" : `${formatDistanceStrict(session.lastSeenAt, now)} ago`;
}

function columns(now: Date): Column<AdminSessionSummary>[] {
  return [
    {
      header: "Device",
      className: "font-medium",
      cell: (session) => (
        <>
          {session.device}
          {session.current && (
            <Badge variant="success" className="ml-2">
              This device
            </Badge>
          )}
        </>
      ),
    },
    { header: "IP address", cell: (session) => session.ip ?? "Unknown" },
    { header: "Signed in with", cell: (session) => SIGN_IN_METHOD_LABELS[session.signInMethod] },
    {
      header: "Signed in",
      className: "whitespace-nowrap",
      cell: (session) => (
        <time dateTime={session.createdAt.toISOString()}>{utcDateTime.format(session.createdAt)} UTC</time>
      ),
    },
    {
      header: "Last active",
      className: "whitespace-nowrap",
      cell: (session) => <time dateTime={session.lastSeenAt.toISOString()}>{lastSeen(session, now)}</time>,
    },
    {
      header: "Actions",
      hideHeader: true,
      className: "text-right",
      cell: (session) => <EndSessionButton sessionId={session.id} device={session.device} current={session.current} />,
    },
  ];
}

/** Where the signed-in admin is signed in, with "Sign out" for each device and for all the others at once. */
export async function SessionsList() {
  const admin = await requireCurrentAdmin();
  const sessions = await readSection("the sessions", () => listAdminSessions(admin));
  if (!sessions)
    return (
      <LoadFailed
        toastId="sessions-fetch"
        toastTitle="Failed to fetch sessions"
        text="Error loading your sessions. Please try again."
      />
    );
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="grid gap-4">
      <DataTable
        label="Your sessions"
        columns={columns(new Date())}
        rows={sessions}
        rowKey={(session) => session.id}
        rowTestId="session-row"
      />
      <div className="flex flex-wrap items-center gap-3">
        <EndOtherSessionsButton disabled={others === 0} />
        <p className="text-sm text-muted-foreground">
          {others === 0
            ? "You are signed in on this device only."
            : `You are signed in on ${others} other ${others === 1 ? "device" : "devices"}.`}
        </p>
      </div>
    </div>
  );
}
