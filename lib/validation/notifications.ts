import { z } from "@/lib/validation/zod";

/** What email an admin gets about signups: one per new signup, a daily digest, or none. */
export const NOTIFY_CHOICES = ["each", "digest", "none"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

export const NOTIFY_LABELS: Record<NotifyChoice, { label: string; description: string }> = {
  each: {
    label: "Every new signup",
    description:
      "An email as each business joins, and as each accepts their invitation, with a link to their entry; and at most one an hour about signups held for review.",
  },
  digest: {
    label: "A daily digest",
    description:
      "One email each morning (after 07:00 UTC): the day before's signups by business type and source, the newest names, how many accepted their invitation, and how many are held for review.",
  },
  none: { label: "No email", description: "Check the overview when you like." },
};

/** PUT /api/admin/notifications and the settings form. */
export const notifySchema = z.strictObject({
  notify: z.enum(NOTIFY_CHOICES, { error: `notify must be one of ${NOTIFY_CHOICES.join(", ")}` }),
});
