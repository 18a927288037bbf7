import { Suspense } from "react";
import type { Metadata } from "next";
import { formatDistanceStrict } from "date-fns";

import { LoadFailed, LoadingStatus } from "@/components/admin/load-states";
import { NotifyForm } from "@/components/admin/notify-form";
import { AddWebhookForm, WebhookActions, WebhookSecret } from "@/components/admin/webhook-controls";
import { EndOtherSessionsButton, EndSessionButton } from "@/components/admin/session-actions";
import { utcDateTime } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { getNotifyChoice } from "@/lib/data/notifications";
import { listAdminSessions, type AdminSessionSummary } from "@/lib/data/sessions";
import { listWebhooks, type WebhookWithLog } from "@/lib/data/webhooks";
import { WEBHOOK_EVENT_LABELS } from "@/lib/validation/webhooks";

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

function attemptText(attempt: WebhookWithLog["deliveries"][number]["attemptsLog"][number]): string {
  return `${utcDateTime.format(attempt.at)} UTC: ${attempt.error ?? `answered ${attempt.responseStatus}`} (${attempt.durationMs} ms)`;
}

async function WebhookList() {
  const admin = await requireCurrentAdmin();
  const webhooks = await listWebhooks(admin).catch((error: unknown) => {
    console.error("[admin] the webhooks could not be read:", error);
    return null;
  });
  if (webhooks === null) return <LoadFailed toastId="webhooks-fetch" toastTitle="Failed to load webhooks" text="Error loading webhooks. Please try again." />;
  if (webhooks.length === 0) return <p className="text-sm text-muted-foreground">No webhooks yet.</p>;
  return (
    <ul className="grid gap-4">
      {webhooks.map((webhook) => (
        <li key={webhook.id} className="grid gap-3 rounded-lg border bg-card p-4" data-testid="webhook">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <p className="font-medium break-all">{webhook.url}</p>
              <p className="text-sm text-muted-foreground">
                {webhook.slack ? "Slack messages" : "Signed JSON"} · added {utcDateTime.format(webhook.createdAt)} UTC
              </p>
              {!webhook.slack && <WebhookSecret secret={webhook.secret} />}
            </div>
            <WebhookActions id={webhook.id} url={webhook.url} />
          </div>
          {webhook.deliveries.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
          ) : (
            <Table containerLabel={`Latest deliveries to ${webhook.url}`} stackOnPhone>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Event</TableHead>
                  <TableHead>Queued</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Attempts</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {webhook.deliveries.map((delivery) => (
                  <TableRow key={delivery.id} data-testid="webhook-delivery">
                    <TableCell data-label="Event">{WEBHOOK_EVENT_LABELS[delivery.event] ?? delivery.event}</TableCell>
                    <TableCell data-label="Queued" className="whitespace-nowrap">
                      {utcDateTime.format(delivery.createdAt)} UTC
                    </TableCell>
                    <TableCell data-label="Status">
                      <Badge variant={delivery.status === "delivered" ? "success" : delivery.status === "failed" ? "destructive" : "muted"}>
                        {delivery.status === "delivered" ? "Delivered" : delivery.status === "failed" ? "Failed" : "Waiting to retry"}
                      </Badge>
                    </TableCell>
                    <TableCell data-label="Attempts">
                      {delivery.attemptsLog.length === 0 ? (
                        <span className="text-muted-foreground">Not tried yet</span>
                      ) : (
                        <ol className="grid gap-0.5 text-sm">
                          {delivery.attemptsLog.map((attempt) => (
                            <li key={attempt.id}>{attemptText(attempt)}</li>
                          ))}
                        </ol>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One part of the settings page: its heading, what it is for, and its controls. */
function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
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
      <SettingsSection id="email" title="Email about signups" description={`Sent to ${admin.email}. Your choice only; each admin picks their own.`}>
        <Suspense fallback={<LoadingStatus text="Loading your email settings..." className="py-4" />}>
          <NotifySettings />
        </Suspense>
      </SettingsSection>
      <SettingsSection
        id="webhooks"
        title="Webhooks"
        description="Each URL gets a signed JSON POST for every signup, confirmation, invitation, acceptance and deletion, retried with backoff until it answers 2xx."
      >
        <AddWebhookForm />
        <Suspense fallback={<LoadingStatus text="Loading webhooks..." className="py-4" />}>
          <WebhookList />
        </Suspense>
      </SettingsSection>
      <SettingsSection
        id="sessions"
        title="Sessions"
        description="Where you are signed in. Signing out of a session ends it at once; a session also ends after a period without activity."
      >
        <Suspense fallback={<LoadingStatus text="Loading sessions..." className="py-4" />}>
          <SessionsList />
        </Suspense>
      </SettingsSection>
    </div>
  );
}
