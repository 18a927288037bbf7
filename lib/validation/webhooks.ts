import { z } from "@/lib/validation/zod";

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
};

/** POST /api/admin/webhooks and the settings form: the URL to send events to. */
export const webhookSchema = z.strictObject({
  url: z
    .string({ error: "Enter the URL to send events to" })
    .trim()
    .min(1, { message: "Enter the URL to send events to" })
    .max(2000, { message: "The URL must be at most 2,000 characters" })
    .refine(isHttpUrl, { message: "Enter an http:// or https:// URL (without a user name or password in it)" }),
});
export type WebhookInput = z.input<typeof webhookSchema>;

/** PATCH /api/admin/webhooks/{id}: whether it also receives waitlist.tagged and waitlist.untagged. */
export const webhookEventsSchema = z.strictObject({
  tagEvents: z.boolean({ error: "tagEvents must be true or false" }),
});

/** The events a webhook receives (in the order they happen to an entry) and the test event, as the delivery log names them. */
export const WEBHOOK_EVENT_LABELS: Record<string, string> = {
  "waitlist.signup": "Signup",
  "waitlist.released": "Released",
  "waitlist.confirmed": "Confirmed",
  "waitlist.invited": "Invited",
  "waitlist.accepted": "Accepted",
  "waitlist.deleted": "Deleted",
  "waitlist.imported": "List imported",
  "broadcast.sent": "Broadcast sent",
  "waitlist.tagged": "Tagged",
  "waitlist.untagged": "Untagged",
  "webhook.test": "Test event",
};
