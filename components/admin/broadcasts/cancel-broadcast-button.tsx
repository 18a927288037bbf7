"use client";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { adminApi } from "@/lib/api";

/** Cancels a scheduled or sending broadcast, after asking. */
export function CancelBroadcastButton({ id, started }: { id: number; started: boolean }) {
  const cancel = useAdminAction({
    request: () => adminApi.broadcasts.cancel(id),
    succeeded: { title: "Broadcast cancelled", description: "Nothing more of it will be sent." },
    failed: "The broadcast could not be cancelled",
  });
  return (
    <ConfirmButton
      trigger={<Button variant="destructive">Cancel broadcast</Button>}
      title="Cancel this broadcast?"
      description={
        started
          ? "The emails not sent yet are not sent. Those already sent cannot be called back."
          : "It will not be sent."
      }
      confirm="Cancel broadcast"
      pending="Cancelling..."
      action={cancel}
    />
  );
}
