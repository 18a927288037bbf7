import { adminRoute } from "@/lib/auth/admin-route";
import { renderBroadcastPreview } from "@/lib/email/render";
import { json } from "@/lib/http";
import { broadcastMessageSchema } from "@/lib/validation/broadcasts";

/** The message as the email will look (`{ html }`), for the composer's phone and laptop previews. */
export const POST = adminRoute({ body: broadcastMessageSchema, maxBytes: 64 * 1024 }, async ({ body }) =>
  json({ html: await renderBroadcastPreview(body) }),
);
