import "server-only";

import { randomUUID } from "node:crypto";

import { siteConfig } from "@/config/site";
import { assertAdminCan, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { resolveWebhookHost } from "@/lib/webhooks/address";
import { sweepWebhooks } from "@/lib/webhooks/deliveries";
import { newWebhookSecret } from "@/lib/webhooks/send";
import { isSlackUrl } from "@/lib/webhooks/slack";

/** How many recent deliveries the settings page shows per webhook. */
export const DELIVERY_LOG_SIZE = 10;

/** Every webhook with its latest deliveries and their attempts, newest first. */
export async function listWebhooks(actor: VerifiedAdmin) {
  assertAdminCan(actor, "webhooks");
  const webhooks = await getDb().webhook.findMany({
    orderBy: { id: "asc" },
    include: {
      deliveries: {
        orderBy: { id: "desc" },
        take: DELIVERY_LOG_SIZE,
        select: {
          id: true,
          event: true,
          status: true,
          createdAt: true,
          deliveredAt: true,
          attemptsLog: {
            orderBy: { id: "asc" },
            select: { id: true, at: true, responseStatus: true, error: true, durationMs: true },
          },
        },
      },
    },
  });
  return webhooks.map((webhook) => ({ ...webhook, slack: isSlackUrl(webhook.url) }));
}
export type WebhookWithLog = Awaited<ReturnType<typeof listWebhooks>>[number];

/** Adds a webhook after checking where its host points (see lib/webhooks/address); a 400 says why not. */
export async function createWebhook(actor: VerifiedAdmin, url: string) {
  assertAdminCan(actor, "webhooks");
  await resolveWebhookHost(new URL(url).hostname, env().WEBHOOKS_ALLOW_PRIVATE);
  return getDb().$transaction(async (tx) => {
    const webhook = await tx.webhook.create({ data: { url, secret: newWebhookSecret() } });
    await recordAudit(tx, auditActorOf(actor), {
      action: "webhook.create",
      target: `webhook:${webhook.id}`,
      details: { host: new URL(url).host },
    });
    return webhook;
  });
}

/**
 * Whether a webhook also receives waitlist.tagged and waitlist.untagged (off until the owner ticks it: a bulk
 * tag of thousands of entries is an event for each). Audited; false when no webhook has this id.
 */
export async function setWebhookTagEvents(actor: VerifiedAdmin, id: number, tagEvents: boolean): Promise<boolean> {
  assertAdminCan(actor, "webhooks");
  return getDb().$transaction(async (tx) => {
    const changed = await tx.webhook.updateMany({ where: { id }, data: { tagEvents } });
    if (changed.count === 0) return false;
    await recordAudit(tx, auditActorOf(actor), {
      action: "webhook.update",
      target: `webhook:${id}`,
      details: { tagEvents },
    });
    return true;
  });
}

/** Removes a webhook and its delivery log. False when none has this id. */
export async function deleteWebhook(actor: VerifiedAdmin, id: number): Promise<boolean> {
  assertAdminCan(actor, "webhooks");
  return getDb().$transaction(async (tx) => {
    const removed = await tx.webhook.deleteMany({ where: { id } });
    if (removed.count === 0) return false;
    await recordAudit(tx, auditActorOf(actor), { action: "webhook.delete", target: `webhook:${id}` });
    return true;
  });
}

/**
 * Queues a test event for one webhook, recorded in the audit log in the same transaction, and sends it at
 * once: the result of that first attempt (a failure is retried like any event). Null when no webhook has this id.
 */
export async function sendTestEvent(actor: VerifiedAdmin, id: number, now = new Date()) {
  assertAdminCan(actor, "webhooks");
  const db = getDb();
  const delivery = await db.$transaction(async (tx) => {
    const webhook = await tx.webhook.findUnique({ where: { id }, select: { url: true } });
    if (!webhook) return null;
    const queued = await tx.webhookDelivery.create({
      data: {
        webhookId: id,
        event: "webhook.test",
        payload: {
          id: randomUUID(),
          type: "webhook.test",
          createdAt: now.toISOString(),
          data: { message: `A test event from ${siteConfig.name}: this webhook works.` },
        },
        nextAttemptAt: now,
      },
      select: { id: true },
    });
    await recordAudit(tx, auditActorOf(actor), {
      action: "webhook.test",
      target: `webhook:${id}`,
      details: { host: new URL(webhook.url).host },
    });
    return queued;
  });
  if (!delivery) return null;
  await sweepWebhooks(now, [delivery.id]);
  const attempt = await db.webhookAttempt.findFirst({ where: { deliveryId: delivery.id }, orderBy: { id: "desc" } });
  return {
    delivered: !!attempt && attempt.error === null,
    responseStatus: attempt?.responseStatus ?? null,
    error: attempt?.error ?? null,
  };
}
