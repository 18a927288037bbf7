"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";

import { Button, buttonVariants } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, apiRequest, adminFailureDescription } from "@/lib/api";
import { webhookSchema } from "@/lib/validation/webhooks";

/** The form that adds a webhook: checked with the server's own rule first, then by the server (where it points). */
export function AddWebhookForm() {
  const id = useId();
  const router = useRouter();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: async () => (await apiRequest("POST", "/api/admin/webhooks", { url })).json(),
    onSuccess: () => {
      toast.success("Webhook added", { description: "Send it a test event to check it works." });
      setUrl("");
      router.refresh();
    },
    onError: (failed) => {
      if (failed instanceof ApiError && failed.status === 401) router.refresh();
      setError(adminFailureDescription(failed));
    },
  });
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = webhookSchema.safeParse({ url });
        setError(checked.success ? undefined : checked.error.issues[0]?.message);
        if (checked.success) add.mutate();
      }}
    >
      <FormField id={`${id}-url`} label="Webhook URL" hint="A Slack incoming-webhook URL gets Slack messages; any other URL gets signed JSON." error={error}>
        {(control) => (
          <Input {...control} type="url" inputMode="url" placeholder="https://example.com/hooks/otto" value={url} onChange={(event) => setUrl(event.target.value)} autoComplete="off" spellCheck={false} />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add webhook"}
      </Button>
    </form>
  );
}

/** A webhook's signing secret: hidden until asked for, then selectable to copy. */
export function WebhookSecret({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Signing secret:</span>
      <code className="rounded bg-muted px-1.5 py-0.5 break-all">{shown ? secret : "whsec_••••••••••••"}</code>
      <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setShown(!shown)} aria-expanded={shown}>
        {shown ? "Hide" : "Show"}
      </Button>
    </div>
  );
}

/** "Send test event" and "Remove" for one webhook. */
export function WebhookActions({ id, url }: { id: number; url: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const test = useMutation({
    mutationFn: async (): Promise<{ delivered: boolean; responseStatus: number | null; error: string | null }> =>
      (await apiRequest("POST", `/api/admin/webhooks/${id}/test`)).json(),
    onSuccess: (result) => {
      if (result.delivered) toast.success("Test event delivered", { description: `The receiver answered ${result.responseStatus}.` });
      else toast.error("The test event was not delivered", { description: `${result.error ?? "No answer."} It will be retried.` });
      router.refresh();
    },
    onError: (error) => toast.error("Could not send the test event", { description: adminFailureDescription(error) }),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/admin/webhooks/${id}`),
    onSuccess: () => {
      toast.success("Webhook removed");
      router.refresh();
    },
    onError: (error) => {
      setConfirming(false);
      toast.error("Could not remove the webhook", { description: adminFailureDescription(error) });
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" size="sm" variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
        {test.isPending ? "Sending..." : "Send test event"}
      </Button>
      <AlertDialog open={confirming} onOpenChange={(next) => !remove.isPending && setConfirming(next)}>
        <AlertDialogTrigger asChild>
          <Button type="button" size="sm" variant="destructive">
            Remove
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove this webhook?</AlertDialogTitle>
            <AlertDialogDescription>{url} will get no more events, and its delivery log goes with it.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button className={buttonVariants({ variant: "destructive" })} onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? "Removing..." : "Remove"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
