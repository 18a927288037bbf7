import { adminRoute } from "@/lib/auth/admin-route";
import { previewAudience } from "@/lib/data/broadcasts";
import { json } from "@/lib/http";
import { broadcastAudienceSchema } from "@/lib/validation/broadcasts";

/** Who a broadcast to a segment would reach now: `{ count, unconfirmed, held, suppressed }`. Changes nothing. */
export const POST = adminRoute({ body: broadcastAudienceSchema, maxBytes: 4 * 1024 }, async ({ admin, body }) =>
  json(await previewAudience(admin, body.segmentId, body.includeUnconfirmed)),
);
