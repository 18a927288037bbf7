import { Badge } from "@/components/ui/badge";
import { OUTBOX_STATUS_LABELS, type OutboxStatusValue } from "@/lib/validation/outbox-filters";

// The badge says each status in the words the Emails page's status filter offers.
const VARIANT: Record<OutboxStatusValue, "success" | "muted" | "destructive" | "default"> = {
  pending: "default",
  sent: "success",
  failed: "destructive",
  unsent: "muted",
};

/** A message's delivery status as a badge; while email is not configured, a waiting message is "Not sent". */
export function OutboxStatus({ status, emailConfigured }: { status: string; emailConfigured: boolean }) {
  const shown = status === "pending" && !emailConfigured ? "unsent" : status;
  return shown in VARIANT ? (
    <Badge variant={VARIANT[shown as OutboxStatusValue]}>{OUTBOX_STATUS_LABELS[shown as OutboxStatusValue]}</Badge>
  ) : (
    <Badge variant="muted">{status}</Badge>
  );
}
