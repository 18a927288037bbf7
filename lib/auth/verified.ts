import "server-only";

import { readSessionClaims } from "@/lib/auth/session";
import { findSessionAdmin, type PublicAdmin } from "@/lib/data/admin-session";
import { HttpError } from "@/lib/http";

/** The 401 message for a request without a valid admin session. */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

declare const verifiedBrand: unique symbol;

/**
 * An admin whose session was checked against the database for the current request (by requireAdmin).
 * The brand exists only for the type checker; at run time the object is a plain, frozen PublicAdmin.
 */
export type VerifiedAdmin = Readonly<PublicAdmin> & { readonly [verifiedBrand]: true };

// Only objects made below are in here, and nothing outside this module can add one: an `actor` built
// by hand, copied with `{ ...admin }`, or deserialised is not in the set, so it is refused.
const verifiedAdmins = new WeakSet<object>();

/**
 * The signed-in admin of a request, or null: checks the session cookie and the admin row (active,
 * session version). The result is registered as verified and frozen, so its id cannot be swapped.
 */
export async function verifySessionAdmin(request: Request): Promise<VerifiedAdmin | null> {
  // A request that claims to be one of Next's internal subrequests is someone probing the
  // old middleware bypass (CVE-2025-29927): never treat it as signed in.
  if (request.headers.has("x-middleware-subrequest")) return null;
  const claims = await readSessionClaims(request);
  if (!claims) return null;
  const admin = await findSessionAdmin(claims.adminId, claims.sessionVersion);
  if (!admin) return null;
  Object.freeze(admin);
  verifiedAdmins.add(admin);
  return admin as VerifiedAdmin;
}

/** True only for an admin produced by verifySessionAdmin (requireAdmin). */
export function isVerifiedAdmin(actor: unknown): actor is VerifiedAdmin {
  return typeof actor === "object" && actor !== null && verifiedAdmins.has(actor);
}

/**
 * For data functions that act for an admin: throws a 401 HttpError unless `actor` came from
 * requireAdmin, so no caller can act as an admin by building the object itself.
 */
export function assertVerifiedAdmin(actor: unknown): asserts actor is VerifiedAdmin {
  if (!isVerifiedAdmin(actor)) throw new HttpError(401, SESSION_ENDED_MESSAGE);
}
