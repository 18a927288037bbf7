import { adminRoute } from "@/lib/auth/admin-route";
import { createWebhook, listWebhooks } from "@/lib/data/webhooks";
import { json } from "@/lib/http";
import { webhookSchema } from "@/lib/validation/webhooks";

/** The webhooks, each with its signing secret and latest deliveries. */
export const GET = adminRoute({}, async ({ admin }) => json({ webhooks: await listWebhooks(admin) }));

/** Adds a webhook: `{ url }` → 201 `{ webhook }` (with its new signing secret); 400 for a URL it may not reach. */
export const POST = adminRoute({ body: webhookSchema, maxBytes: 4096 }, async ({ admin, body: { url } }) => {
  const webhook = await createWebhook(admin, url);
  return json({ webhook }, { status: 201 });
});
