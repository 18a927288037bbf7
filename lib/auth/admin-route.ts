import "server-only";

import type { z } from "zod";

import { requireAdmin, requireSameOrigin } from "@/lib/auth/guard";
import type { VerifiedAdmin } from "@/lib/auth/verified";
import { parseWith, readJson, readQuery, route } from "@/lib/http";

/** The methods that change nothing: another site may ask them, as a link or an image would. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What Next hands a route handler beside the request: the folder's dynamic segments, when it has any. */
export type AdminRouteContext = { params: Promise<{ id?: string }> };

export interface AdminRouteOptions<A, B, Q, I> {
  /**
   * Who may call, checked first: the signed-in admin by default. The second-factor set-up and the sign-in's
   * second step name their own (an admin half signed in may call those); the role checks stay in lib/data.
   */
  who?: (request: Request) => Promise<A>;
  /** The folder's `[id]`, parsed before anything is read, and the 400 message for one that does not fit. */
  id?: { schema: z.ZodType<I>; message: string };
  /** The query string's schema; a request that does not fit gets a 400 naming each problem. */
  query?: z.ZodType<Q>;
  /** The JSON body's schema; a body that does not fit gets a 400 with its field errors. */
  body?: z.ZodType<B>;
  /** The 400 message for a body that does not fit, where the field errors need a word of their own. */
  bodyMessage?: string;
  /** The largest JSON body accepted (a 413 above it), sized to what the route takes. */
  maxBytes?: number;
}

export interface AdminRouteInput<A, B, Q, I> {
  request: Request;
  /** Whoever `who` let in: the verified admin unless the route said otherwise. */
  admin: A;
  body: B;
  query: Q;
  id: I;
}

/**
 * One admin API handler, the same way everywhere: who is asking (a 401 that also clears a stale cookie),
 * then, for a write, that it came from this site (a 403), then the `[id]`, query and JSON body parsed by
 * their schemas (a 400 with field errors, a 413 past `maxBytes`). Whatever the handler throws becomes the
 * JSON `{ message }` answer it deserves, never a stack trace.
 */
export function adminRoute<A = VerifiedAdmin, B = undefined, Q = undefined, I = undefined>(
  options: AdminRouteOptions<A, B, Q, I>,
  handler: (input: AdminRouteInput<A, B, Q, I>) => Promise<Response>,
): (request: Request, context?: AdminRouteContext) => Promise<Response> {
  const who = options.who ?? (requireAdmin as unknown as (request: Request) => Promise<A>);
  return route<AdminRouteContext | undefined>(async (request, context) => {
    const admin = await who(request);
    if (!READ_METHODS.has(request.method.toUpperCase())) requireSameOrigin(request);
    const id = options.id
      ? parseWith(options.id.schema, (await context?.params)?.id, options.id.message)
      : (undefined as I);
    const query = options.query ? readQuery(request, options.query) : (undefined as Q);
    const body = options.body
      ? parseWith(options.body, await readJson(request, { maxBytes: options.maxBytes }), options.bodyMessage)
      : (undefined as B);
    return handler({ request, admin, body, query, id });
  });
}
