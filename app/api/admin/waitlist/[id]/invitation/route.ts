import { adminRoute } from "@/lib/auth/admin-route";
import { inviteOrResend } from "@/lib/data/waitlist/entry-actions";
import { HttpError, json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { adminIdSchema } from "@/lib/validation/admin";
import { invitationNoteSchema } from "@/lib/validation/waitlist-query";

/**
 * Invites one entry, or sends an invited entry its invitation again with a new link: `{ note? }`. 409 for an
 * entry that has accepted already, or is held for review.
 */
export const POST = adminRoute(
  {
    id: { schema: adminIdSchema, message: "The entry id must be a positive whole number" },
    body: invitationNoteSchema,
    maxBytes: 8192,
  },
  async ({ admin, id, body: { note } }) => {
    const outboxIds = await inviteOrResend(admin, id, note);
    if (outboxIds === null) throw new HttpError(404, "No waitlist entry has this id.");
    if (outboxIds === "held")
      throw new HttpError(409, "This signup is held for review: release it before inviting them.");
    if (outboxIds === "accepted")
      throw new HttpError(409, "They have accepted their invitation already: there is nothing to resend.");
    if (outboxIds.length === 0) throw new HttpError(409, "This entry could not be invited just now. Please try again.");
    sendSoon(outboxIds);
    return json({ message: "Invitation sent" });
  },
);
