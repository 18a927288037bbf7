import "server-only";

import { randomUUID } from "node:crypto";

import type { ErrorFacts } from "@/lib/errors/scrub";

/** A hosted tracker that is slow must never hold anything up: the forward gives up after this. */
export const FORWARD_TIMEOUT_MS = 2_000;

interface Dsn {
  envelopeUrl: string;
  publicKey: string;
}

/** https://KEY@HOST/PATH/PROJECT → where its envelopes go, and the key they are signed with. */
export function parseDsn(dsn: string): Dsn | null {
  try {
    const url = new URL(dsn);
    const project = /\/(\d+)$/.exec(url.pathname)?.[1];
    if (!url.username || !project) return null;
    const path = url.pathname.slice(0, url.pathname.lastIndexOf("/"));
    return { envelopeUrl: `${url.protocol}//${url.host}${path}/api/${project}/envelope/`, publicKey: url.username };
  } catch {
    return null;
  }
}

/** V8's "at fn (file:line:col)" lines as the tracker's frames, innermost last as it expects. */
function framesOf(stack: string) {
  const frames: { function?: string; filename: string; lineno?: number; colno?: number; in_app: boolean }[] = [];
  for (const line of stack.split("\n").slice(1)) {
    const match = /^\s*at (?:(.+?) \()?(.+?)(?::(\d+):(\d+))?\)?$/.exec(line);
    if (!match) continue;
    const [, fn, filename, lineno, colno] = match;
    frames.push({
      function: fn,
      filename: filename!,
      lineno: lineno ? Number(lineno) : undefined,
      colno: colno ? Number(colno) : undefined,
      in_app: !/node_modules|node:/.test(filename!),
    });
  }
  return frames.reverse();
}

/**
 * Sends one error, already scrubbed, to a Sentry-compatible tracker (sentry.io, or a self-hosted GlitchTip)
 * with its envelope HTTP API, from the server: no browser SDK, and no new origin in the pages' CSP. It carries
 * our fingerprint, so the tracker groups as /admin/errors does. It never throws, and gives up after
 * FORWARD_TIMEOUT_MS.
 */
export async function forwardError(
  dsn: string,
  facts: ErrorFacts,
  context: { fingerprint: string; release: string; environment: string; now: Date },
): Promise<boolean> {
  const target = parseDsn(dsn);
  if (!target) return false;
  const eventId = randomUUID().replaceAll("-", "");
  const event = {
    event_id: eventId,
    timestamp: context.now.getTime() / 1000,
    platform: facts.kind === "browser" ? "javascript" : "node",
    level: "error",
    logger: facts.kind,
    release: context.release,
    environment: context.environment,
    transaction: `${facts.method} ${facts.route}`,
    tags: { kind: facts.kind, route: facts.route, method: facts.method },
    fingerprint: [context.fingerprint],
    exception: {
      values: [
        {
          type: facts.name,
          value: facts.message,
          ...(facts.stack ? { stacktrace: { frames: framesOf(facts.stack) } } : {}),
        },
      ],
    },
  };
  const body = [
    JSON.stringify({ event_id: eventId, sent_at: context.now.toISOString(), dsn }),
    JSON.stringify({ type: "event" }),
    JSON.stringify(event),
  ].join("\n");
  try {
    const response = await fetch(target.envelopeUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-sentry-envelope",
        "x-sentry-auth": `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=otto-site/1.0`,
      },
      body,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
