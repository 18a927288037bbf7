import { adminRoute } from "@/lib/auth/admin-route";
import { inviteEntries } from "@/lib/data/waitlist/invitations";
import { json } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";
import { invitationRequestSchema, targetOfInvitationRequest } from "@/lib/validation/waitlist-query";

/**
 * Invites entries: `{ ids: number[], includeUnconfirmed? }` or `{ filter: { q, status, type, size, confirmed, source },
 * limit, includeUnconfirmed? }` (confirmed entries only unless `includeUnconfirmed`), each with an optional
 * `note` → `{ invited }`. One transaction sets the status and queues the emails; entries
 * already invited or accepted are skipped.
 */
export const POST = adminRoute({ body: invitationRequestSchema, maxBytes: 256 * 1024 }, async ({ admin, body }) => {
  const { invited, outboxIds } = await inviteEntries(admin, targetOfInvitationRequest(body), body.note);
  sendSoon(outboxIds);
  return json({ invited });
});
