import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { inviteEntries } from "@/lib/data/waitlist/invitations";
import { sendSoon } from "@/lib/email/send-soon";
import { json, parseWith, readJson, route } from "@/lib/http";
import { invitationRequestSchema, targetOfInvitationRequest } from "@/lib/validation/waitlist-query";

/**
 * Invites entries: `{ ids: number[], includeUnconfirmed? }` or `{ filter: { q, status, type, size, confirmed, source },
 * limit, includeUnconfirmed? }` (confirmed entries only unless `includeUnconfirmed`), each with an optional
 * `note` → `{ invited }`. One transaction sets the status and queues the emails; entries
 * already invited or accepted are skipped.
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const body = parseWith(invitationRequestSchema, await readJson(request, { maxBytes: 256 * 1024 }));
  const { invited, outboxIds } = await inviteEntries(admin, targetOfInvitationRequest(body), body.note);
  sendSoon(outboxIds);
  return json({ invited });
});
