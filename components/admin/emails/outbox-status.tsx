import { Badge } from "@/components/ui/badge";

const STATUS: Record<string, { label: string; variant: "success" | "muted" | "destructive" | "default" }> = {
  pending: { label: "Waiting to send", variant: "default" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  unsent: { label: "Not sent", variant: "muted" },
};

/** A message's delivery status as a badge; while email is not configured, a waiting message is "Not sent". */
export function OutboxStatus({ status, emailConfigured }: { status: string; emailConfigured: boolean }) {
  const shown = (status === "pending" && !emailConfigured ? STATUS.unsent : STATUS[status]) ?? {
    label: status,
    variant: "muted" as const,
  };
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}
