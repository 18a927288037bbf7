import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import { createWebhook, listWebhooks } from "@/lib/data/webhooks";
import { json, parseWith, readJson, route } from "@/lib/http";
import { webhookSchema } from "@/lib/validation/webhooks";

/** The webhooks, each with its signing secret and latest deliveries. */
export const GET = route(async (request) => {
  const admin = await requireAdmin(request);
  return json({ webhooks: await listWebhooks(admin) });
});

/** Adds a webhook: `{ url }` → 201 `{ webhook }` (with its new signing secret); 400 for a URL it may not reach. */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  requireSameOrigin(request);
  const { url } = parseWith(webhookSchema, await readJson(request, { maxBytes: 4096 }));
  const webhook = await createWebhook(admin, url);
  return json({ webhook }, { status: 201 });
});
