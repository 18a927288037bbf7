import { Badge } from "@/components/ui/badge";

const STATUS: Record<string, { label: string; variant: "success" | "muted" | "destructive" | "default" }> = {
  pending: { label: "Waiting to send", variant: "default" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  unsent: { label: "Not sent", variant: "muted" },
};

/** A message's delivery status as a badge. */
export function OutboxStatus({ status }: { status: string }) {
  const shown = STATUS[status] ?? { label: status, variant: "muted" as const };
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}
