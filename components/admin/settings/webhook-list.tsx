import { DataTable, type Column } from "@/components/admin/kit/data-table";
import { LoadFailed, readSection } from "@/components/admin/kit/section";
import { WebhookActions, WebhookSecret, WebhookTagEvents } from "@/components/admin/settings/webhook-controls";
import { Badge } from "@/components/ui/badge";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listWebhooks, type WebhookWithLog } from "@/lib/data/webhooks";
import { utcDateTime } from "@/lib/format";
import { WEBHOOK_EVENT_LABELS } from "@/lib/validation/webhooks";

type Delivery = WebhookWithLog["deliveries"][number];

function attemptText(attempt: Delivery["attemptsLog"][number]): string {
  return `${utcDateTime.format(attempt.at)} UTC: ${attempt.error ?? `answered ${attempt.responseStatus}`} (${attempt.durationMs} ms)`;
}

const DELIVERY_COLUMNS: Column<Delivery>[] = [
  { header: "Event", cell: (delivery) => WEBHOOK_EVENT_LABELS[delivery.event] ?? delivery.event },
  {
    header: "Queued",
    className: "whitespace-nowrap",
    cell: (delivery) => `${utcDateTime.format(delivery.createdAt)} UTC`,
  },
  {
    header: "Status",
    cell: (delivery) => (
      <Badge
        variant={delivery.status === "delivered" ? "success" : delivery.status === "failed" ? "destructive" : "muted"}
      >
        {delivery.status === "delivered" ? "Delivered" : delivery.status === "failed" ? "Failed" : "Waiting to retry"}
      </Badge>
    ),
  },
  {
    header: "Attempts",
    cell: (delivery) =>
      delivery.attemptsLog.length === 0 ? (
        <span className="text-muted-foreground">Not tried yet</span>
      ) : (
        <ol className="grid gap-0.5 text-sm">
          {delivery.attemptsLog.map((attempt) => (
            <li key={attempt.id}>{attemptText(attempt)}</li>
          ))}
        </ol>
      ),
  },
];

/** Each webhook with its secret, its actions and its latest deliveries, each with every attempt. */
export async function WebhookList() {
  const admin = await requireCurrentAdmin();
  const webhooks = await readSection("the webhooks", () => listWebhooks(admin));
  if (webhooks === null)
    return (
      <LoadFailed
        toastId="webhooks-fetch"
        toastTitle="Failed to load webhooks"
        text="Error loading webhooks. Please try again."
      />
    );
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
              <WebhookTagEvents id={webhook.id} tagEvents={webhook.tagEvents} />
            </div>
            <WebhookActions id={webhook.id} url={webhook.url} />
          </div>
          {webhook.deliveries.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
          ) : (
            <DataTable
              label={`Latest deliveries to ${webhook.url}`}
              columns={DELIVERY_COLUMNS}
              rows={webhook.deliveries}
              rowKey={(delivery) => delivery.id}
              rowTestId="webhook-delivery"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
