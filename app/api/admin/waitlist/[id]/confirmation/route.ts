import { adminRoute } from "@/lib/auth/admin-route";
import { resendConfirmation } from "@/lib/data/waitlist/entry-actions";
import { CONFIRMATION_RESEND_INTERVAL_MS } from "@/lib/data/waitlist/signups";
import { HttpError, json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { adminIdSchema } from "@/lib/validation/admin";

const CONFIRMATION_RESEND_MINUTES = CONFIRMATION_RESEND_INTERVAL_MS / 60_000;

/**
 * Resends the confirmation email of an unconfirmed entry, at most once every ten minutes (429 sooner). 409
 * once confirmed, or while held for review; 404 for an unknown entry.
 */
export const POST = adminRoute(
  { id: { schema: adminIdSchema, message: "The entry id must be a positive whole number" } },
  async ({ admin, id }) => {
    const outboxId = await resendConfirmation(admin, id);
    if (outboxId === "held")
      throw new HttpError(409, "This signup is held for review: release it to send its confirmation email.");
    if (outboxId === "confirmed") throw new HttpError(409, "This person has confirmed their address already.");
    if (outboxId === "too-soon")
      throw new HttpError(
        429,
        `A confirmation email went to them in the last ${CONFIRMATION_RESEND_MINUTES} minutes. Please wait before sending another.`,
      );
    if (outboxId === null) throw new HttpError(404, "No waitlist entry has this id.");
    sendSoon(outboxId);
    return json({ message: "Confirmation email sent" });
  },
);
