import { Loader2Icon } from "lucide-react";

import { ErrorToast, RetryButton } from "@/components/admin/server-states";
import { cn } from "@/lib/utils";

/** What a server-rendered part of an admin page shows while its data loads ("Loading emails..."). */
export function LoadingStatus({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={cn("flex items-center gap-2 py-8 text-muted-foreground", className)}>
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {text}
    </p>
  );
}

/** What it shows when that data could not be read: a toast, the error text and "Try again". */
export function LoadFailed({ toastId, toastTitle, text }: { toastId: string; toastTitle: string; text: string }) {
  return (
    <div className="grid justify-items-start gap-3">
      <ErrorToast id={toastId} title={toastTitle} description="There was a problem connecting to the server." />
      <p role="alert" className="text-destructive">
        {text}
      </p>
      <RetryButton />
    </div>
  );
}
