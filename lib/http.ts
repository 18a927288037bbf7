import { after, NextResponse } from "next/server";
import { z } from "zod";

import { DATABASE_UNAVAILABLE_CODE } from "@/lib/api-codes";
import { clearSessionCookie } from "@/lib/auth/session";
import { DATABASE_UNAVAILABLE_MESSAGE, invalidInputCode, isConnectionError } from "@/lib/db/errors";
import { env } from "@/lib/env";
import { scrub } from "@/lib/errors/scrub";
import { PEER_ADDRESS_HEADER } from "@/lib/ip-address";

/** An error with an HTTP status and a message that is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      /** The admin's session is over: the answer also clears the session cookie, so the browser stops sending it. */
      endsSession?: boolean;
      /** A code from lib/api-codes.ts beside the message, for the browser to act on. */
      code?: string;
    } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The 400 message for a value the database refuses to store or compare. */
export const INVALID_VALUE_MESSAGE =
  "The request contains a value that cannot be stored or searched for. Please check it and try again.";

/** Below this size a gzipped JSON body saves next to nothing and still costs a zlib stream to make. */
export const SMALL_JSON_BYTES = 1024;

/**
 * A JSON response with `Cache-Control: no-store` unless headers say otherwise. A small body (most answers:
 * a signup's thank-you, the count, an error) is also marked `no-transform`: the server streams every
 * response, so its gzip never learns the length and would otherwise compress even a 50-byte answer.
 */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  const text = JSON.stringify(body);
  const cacheControl = init.headers?.["Cache-Control"] ?? "no-store";
  return new NextResponse(text, {
    status: init.status ?? 200,
    headers: {
      "Content-Type": "application/json",
      ...init.headers,
      "Cache-Control": Buffer.byteLength(text) < SMALL_JSON_BYTES ? `${cacheControl}, no-transform` : cacheControl,
    },
  });
}

/** `{ field: [messages] }` from a ZodError, for the 400 body. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Turns any error into the JSON `{ message }` response it deserves; never leaks a stack trace. */
export function errorResponse(error: unknown): NextResponse {
  if (error instanceof HttpError) {
    const body = {
      message: error.message,
      ...(error.extra.errors ? { errors: error.extra.errors } : {}),
      ...(error.extra.code ? { code: error.extra.code } : {}),
    };
    return json(body, { status: error.status, headers: error.extra.headers });
  }
  if (error instanceof z.ZodError) {
    return json({ message: "Please check the highlighted fields.", errors: fieldErrors(error) }, { status: 400 });
  }
  if (isConnectionError(error)) {
    return json(
      { message: DATABASE_UNAVAILABLE_MESSAGE, code: DATABASE_UNAVAILABLE_CODE },
      { status: 503, headers: { "Retry-After": "30" } },
    );
  }
  // A value the schemas let through but PostgreSQL refuses is the client's input, not our fault: a 400,
  // logged as one line (the full error would copy the request's data into the log).
  const sqlState = invalidInputCode(error);
  if (sqlState) {
    console.warn(`[api] the database refused a value in the request (SQLSTATE ${sqlState})`);
    return json({ message: INVALID_VALUE_MESSAGE }, { status: 400 });
  }
  // The log gets what the errors page gets: the stack with addresses, tokens and passwords taken out.
  console.error(
    "[api] unexpected error:",
    scrub(error instanceof Error ? (error.stack ?? error.message) : String(error)),
  );
  return json({ message: "Something went wrong on our side. Please try again later." }, { status: 500 });
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** A path's route, with its ids masked: "/api/admin/broadcasts/12/cancel" groups as ".../[id]/cancel". */
export function routeOf(pathname: string): string {
  return pathname.replace(/\/(?:\d+|(?=[^/]*\d)[A-Za-z0-9_-]{16,})(?=\/|$)/g, "/[id]");
}

/**
 * Records an answer the server failed (a 5xx) on /admin/errors. The recorder is loaded only when something
 * failed, and the answer does not wait for it; on Vercel, `after` keeps the function alive until it is written.
 */
function reportServerError(error: unknown, request: Request) {
  const where = { route: routeOf(new URL(request.url).pathname), method: request.method };
  const recording = import("@/lib/errors/record")
    .then(({ recordServerError }) => recordServerError(error, where))
    .catch(() => undefined);
  // Kept until written, so whatever stops this process first (a test file's end) can wait for them: see
  // test/setup-dom.ts.
  const pending = ((globalThis as { __ottoErrorRecordings?: Set<Promise<void>> }).__ottoErrorRecordings ??= new Set());
  pending.add(recording);
  void recording.finally(() => pending.delete(recording));
  try {
    after(() => recording);
  } catch {
    // Outside a request (a script, a test calling the handler): the promise runs on by itself.
  }
}

/** Wraps a route handler so every thrown error becomes a clean JSON response. */
export function route<C = unknown>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      const response = errorResponse(error);
      if (error instanceof HttpError && error.extra.endsSession) clearSessionCookie(response, request);
      if (response.status >= 500) reportServerError(error, request);
      return response;
    }
  };
}

/** The 400 message for a body that is not declared as JSON. */
export const NOT_JSON_MESSAGE =
  "The request body must be JSON: send it with the header Content-Type: application/json.";

/** The 413 for a body over `maxBytes`. */
function tooLarge(maxBytes: number) {
  return new HttpError(413, `The request body is too large (at most ${maxBytes} bytes).`);
}

/**
 * Reads a JSON body of at most `maxBytes`. A body not declared as JSON, empty or not valid JSON gets a
 * 400 and a body too large a 413, each with a message.
 */
export async function readJson(request: Request, options: { maxBytes?: number } = {}): Promise<unknown> {
  const maxBytes = options.maxBytes ?? 10_240;
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) throw new HttpError(400, NOT_JSON_MESSAGE);
  const text = new TextDecoder().decode(await readBytesWithLimit(request, maxBytes));
  if (text.trim() === "") throw new HttpError(400, "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
}

/** A form is a field or two: a few KB is plenty, even as multipart with its boundaries. */
export const FORM_MAX_BYTES = 4_096;

/**
 * Reads a small form body (URL-encoded or multipart/form-data) of at most `maxBytes` into its text
 * fields. Any other type is read as URL-encoded text, as mail clients' one-click POSTs are not all
 * labelled alike. A body too large gets a 413, a garbled multipart one a 400.
 */
export async function readForm(request: Request, options: { maxBytes?: number } = {}): Promise<URLSearchParams> {
  const maxBytes = options.maxBytes ?? FORM_MAX_BYTES;
  const bytes = await readBytesWithLimit(request, maxBytes);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type.trim())) return new URLSearchParams(new TextDecoder().decode(bytes));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData();
  } catch {
    throw new HttpError(400, "The request body is not a valid form.");
  }
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/**
 * The body, refused with a 413 as soon as it is known to pass `maxBytes`: from its declared length before
 * any of it is read, or, sent without one, the moment the bytes read pass the cap. Nothing past the cap is
 * ever held in memory.
 */
export async function readBytesWithLimit(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Parses `data` with `schema`, throwing a 400 with field errors when it does not fit. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
  message = "Please check the highlighted fields.",
): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(400, message, { errors: fieldErrors(result.error) });
  return result.data;
}

/** The one-line message of a 400 for bad query parameters, naming each problem. */
export function queryErrorMessage(error: z.ZodError): string {
  const problems = [...new Set(error.issues.map((issue) => issue.message))];
  return `Invalid parameters: ${problems.join("; ")}.`;
}

/**
 * Parses a request's query string with `schema`, as readJson and parseWith do a body: the parameters as a
 * plain object (the last of a repeated name wins), refused with a 400 naming each problem, with field errors.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!result.success) throw new HttpError(400, queryErrorMessage(result.error), { errors: fieldErrors(result.error) });
  return result.data;
}

/** Whether a request is a browser's form post (it asks for a page), rather than a script or a mail client. */
export function wantsPage(request: Request): boolean {
  return request.headers.get("accept")?.includes("text/html") ?? false;
}

/** A 303 that sends a browser's form post on to the page (GET) that shows its result. */
export function seeOther(location: string) {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

/** A 405 answer naming the methods a route accepts. */
export function methodNotAllowed(allowed: string[]) {
  return () =>
    json(
      { message: `Method not allowed. Use ${allowed.join(" or ")}.` },
      { status: 405, headers: { Allow: allowed.join(", ") } },
    );
}

export { PEER_ADDRESS_HEADER };

/**
 * The client's IP address, or null when it cannot be known. Forwarding headers are only as honest as
 * whoever set them, so they are trusted only as configured:
 * - on Vercel, its own `x-vercel-forwarded-for`, which its edge sets and clients cannot;
 * - elsewhere, the connection's peer address, stepping back through X-Forwarded-For one entry per proxy
 *   that `TRUSTED_PROXY_HOPS` says stands in front of the app (each appends the address it got the
 *   request from; entries further left came from the client and may be forged).
 */
export function clientIp(
  request: { headers: Pick<Headers, "get"> },
  settings: { hops: number; vercel: boolean } = ipSettings(),
): string | null {
  const header = (name: string) => request.headers.get(name)?.trim() || null;
  if (settings.vercel) return header("x-vercel-forwarded-for")?.split(",")[0]?.trim() || header("x-real-ip");
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const peer = header(PEER_ADDRESS_HEADER);
  // Without the peer (a request that did not come through our Node server), the last trusted proxy's
  // own entry stands in for it.
  const chain = peer ? [...forwarded, peer] : forwarded;
  const index = chain.length - 1 - (peer ? settings.hops : settings.hops - 1);
  if (index >= chain.length || chain.length === 0) return null;
  // Fewer entries than proxies: the leftmost one is the closest thing to the client we have.
  return chain[Math.max(0, index)]!;
}

function ipSettings() {
  const { TRUSTED_PROXY_HOPS, VERCEL } = env();
  return { hops: TRUSTED_PROXY_HOPS, vercel: VERCEL === "1" };
}
