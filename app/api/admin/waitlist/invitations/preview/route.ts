import { siteConfig } from "@/config/site";
import { adminRoute } from "@/lib/auth/admin-route";
import { previewInvitations } from "@/lib/data/waitlist/invitations";
import { invitationSubject } from "@/lib/email/kinds/invitation";
import { renderEmail } from "@/lib/email/render";
import { publicSiteUrl } from "@/lib/email/site";
import { json } from "@/lib/http";
import { invitationRequestSchema, targetOfInvitationRequest } from "@/lib/validation/waitlist-query";

/**
 * What an invitation request would do, before the team sends it: the body POST /invitations would get →
 * `{ count, unconfirmed, subject, html, text }`, the number of people it would invite now, how many of those
 * chosen never confirmed their address (invited only with `includeUnconfirmed`), and their email as the first
 * of them would see it (with a stand-in for the personal links). Nothing is changed.
 */
export const POST = adminRoute({ body: invitationRequestSchema, maxBytes: 256 * 1024 }, async ({ admin, body }) => {
  const { count, firstName, unconfirmed } = await previewInvitations(admin, targetOfInvitationRequest(body));
  const site = publicSiteUrl();
  const { html, text } = await renderEmail("invitation", {
    name: firstName ?? "there",
    note: body.note,
    acceptUrl: `${site}/early-access?token=personal-link`,
    leaveUrl: `${site}/waitlist/leave?token=personal-link`,
  });
  return json({ count, unconfirmed, subject: invitationSubject(siteConfig.name), html, text });
});
