import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { resendConfirmation } from "@/lib/data/waitlist/entry-actions";
import { sendSoon } from "@/lib/email/send-soon";
import { HttpError, json, parseWith, route } from "@/lib/http";
import { adminIdSchema } from "@/lib/validation/admin";

/** Resends the confirmation email of an unconfirmed entry now. 409 once confirmed, or while held for review. */
export const POST = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const id = parseWith(adminIdSchema, (await params).id, "The entry id must be a positive whole number");
  const outboxId = await resendConfirmation(admin, id);
  if (outboxId === "held")
    throw new HttpError(409, "This signup is held for review: release it to send its confirmation email.");
  if (outboxId === null) throw new HttpError(409, "This entry is confirmed already, or no longer on the list.");
  sendSoon(outboxId);
  return json({ message: "Confirmation email sent" });
});
