import "server-only";

import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

import { resolveWebhookHost, WebhookUrlError } from "@/lib/webhooks/address";

/**
 * Webhooks are signed the Standard Webhooks way (standardwebhooks.com), so receivers can use its libraries:
 * `webhook-id` (the event's id, the same on every retry), `webhook-timestamp` (Unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{raw body}">`, keyed with the bytes of the
 * secret after its `whsec_` prefix (base64).
 */
export const SECRET_PREFIX = "whsec_";

/** A new signing secret: 24 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

/** The `webhook-signature` value for a message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** What the receiver said: its status code. Failures to reach it throw. */
export interface WebhookResponse {
  status: number;
}

/**
 * POSTs a signed body to a webhook URL. The host is resolved and checked here, and the connection goes to
 * the checked address (not a second lookup), so a name cannot point somewhere else between check and use.
 */
export function postWebhook(
  url: string,
  secret: string,
  id: string,
  body: string,
  options: { allowPrivate: boolean; now?: Date },
): Promise<WebhookResponse> {
  const target = new URL(url);
  if (target.protocol !== "https:" && target.protocol !== "http:")
    return Promise.reject(new WebhookUrlError("Only http and https URLs can receive webhooks."));
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return resolveWebhookHost(target.hostname, options.allowPrivate).then(
    ([first]) =>
      new Promise<WebhookResponse>((resolve, reject) => {
        // Every connection the request makes uses the address checked above.
        const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
          if (lookupOptions.all) callback(null, [{ address: first!.address, family: first!.family }]);
          else callback(null, first!.address, first!.family);
        };
        const request = (target.protocol === "https:" ? https : http).request(
          target,
          {
            method: "POST",
            lookup: pinned,
            timeout: WEBHOOK_TIMEOUT_MS,
            headers: {
              "Content-Type": "application/json",
              "User-Agent": "Otto-Webhooks/1",
              "webhook-id": id,
              "webhook-timestamp": String(timestamp),
              "webhook-signature": signWebhook(secret, id, timestamp, body),
            },
          },
          (response) => {
            // The body is not needed: read and drop it so the socket is freed.
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
            response.on("error", reject);
          },
        );
        request.on("timeout", () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
        request.on("error", reject);
        request.end(body);
      }),
  );
}
