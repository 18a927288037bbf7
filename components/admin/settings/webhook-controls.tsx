"use client";

import { useId, useState } from "react";
import { toast } from "sonner";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminApi, adminFailureDescription } from "@/lib/api";
import { webhookSchema } from "@/lib/validation/webhooks";

/** The form that adds a webhook: checked with the server's own rule first, then by the server (where it points). */
export function AddWebhookForm() {
  const id = useId();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string>();
  const add = useAdminAction({
    request: (added: string) => adminApi.webhooks.add(added),
    succeeded: { title: "Webhook added", description: "Send it a test event to check it works." },
    // The server's refusal goes under the field, where the address is.
    failed: null,
    onSuccess: () => setUrl(""),
    onError: (failed) => setError(adminFailureDescription(failed)),
  });
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = webhookSchema.safeParse({ url });
        setError(checked.success ? undefined : checked.error.issues[0]?.message);
        if (checked.success) void add.run(url);
      }}
    >
      <FormField
        id={`${id}-url`}
        label="Webhook URL"
        hint="A Slack incoming-webhook URL gets Slack messages; any other URL gets signed JSON."
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/otto"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={add.pending}>
        {add.pending ? "Adding..." : "Add webhook"}
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
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto p-0"
        onClick={() => setShown(!shown)}
        aria-expanded={shown}
      >
        {shown ? "Hide" : "Show"}
      </Button>
    </div>
  );
}

/** "Send test event" and "Remove" for one webhook. */
export function WebhookActions({ id, url }: { id: number; url: string }) {
  const test = useAdminAction({
    request: async (): Promise<{ delivered: boolean; responseStatus: number | null; error: string | null }> =>
      (await adminApi.webhooks.test(id)).json(),
    succeeded: null,
    failed: "Could not send the test event",
    // Delivered or not, the request worked: the toast says which, and the delivery log shows the attempt.
    onSuccess: (result) => {
      if (result.delivered)
        toast.success("Test event delivered", { description: `The receiver answered ${result.responseStatus}.` });
      else
        toast.error("The test event was not delivered", {
          description: `${result.error ?? "No answer."} It will be retried.`,
        });
    },
  });
  const remove = useAdminAction({
    request: () => adminApi.webhooks.remove(id),
    succeeded: { title: "Webhook removed" },
    failed: "Could not remove the webhook",
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" size="sm" variant="outline" onClick={() => test.run()} disabled={test.pending}>
        {test.pending ? "Sending..." : "Send test event"}
      </Button>
      <ConfirmButton
        trigger={
          <Button type="button" size="sm" variant="destructive">
            Remove
          </Button>
        }
        title="Remove this webhook?"
        description={`${url} will get no more events, and its delivery log goes with it.`}
        confirm="Remove"
        pending="Removing..."
        action={remove}
      />
    </div>
  );
}

/**
 * The webhook's choice of tag events (waitlist.tagged / waitlist.untagged): off until ticked, as one bulk tag
 * can be thousands of events. Saved as soon as it changes.
 */
export function WebhookTagEvents({ id, tagEvents }: { id: number; tagEvents: boolean }) {
  const boxId = useId();
  const save = useAdminAction({
    request: (next: boolean) => adminApi.webhooks.setTagEvents(id, next),
    succeeded: (_result, next) => ({
      title: next ? "Tag events on" : "Tag events off",
      description: next
        ? "This webhook now receives waitlist.tagged and waitlist.untagged."
        : "This webhook no longer receives tag events.",
    }),
    failed: "Could not change the webhook's events",
  });
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={boxId}
        checked={tagEvents}
        disabled={save.pending}
        onCheckedChange={(checked) => void save.run(checked === true)}
      />
      <Label htmlFor={boxId} className="font-normal">
        Also send tag events (waitlist.tagged, waitlist.untagged)
      </Label>
    </div>
  );
}
