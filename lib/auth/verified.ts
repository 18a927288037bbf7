import "server-only";

import { roleCan, roleRefusal, type AdminAbility } from "@/lib/auth/roles";
import type { PublicAdmin } from "@/lib/data/admins";
import type { AuditActor } from "@/lib/data/audit";
import { HttpError } from "@/lib/http";

/** The 401 message for a request without a valid admin session. */
export const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";

declare const verifiedBrand: unique symbol;

/**
 * An admin whose session was checked against the database for the current request (by requireAdmin).
 * The brand exists only for the type checker; at run time the object is a plain, frozen PublicAdmin.
 */
export type VerifiedAdmin = Readonly<SessionAdmin> & { readonly [verifiedBrand]: true };

/** An admin as seen by one request: who, which of their sessions, and the address the request came from. */
export interface SessionAdmin extends PublicAdmin {
  sessionId: string;
  ip: string | null;
}

// Only objects made below are in here, and nothing outside this module can add one: an `actor` built
// by hand, copied with `{ ...admin }`, or deserialised is not in the set, so it is refused.
const verifiedAdmins = new WeakSet<object>();

/**
 * Registers an admin whose session lookup has just succeeded as verified, and freezes it so its id cannot be
 * swapped. Only the session check (lib/auth/session-admin.ts) may call it; ESLint refuses the import anywhere
 * else, so no other code can turn an object it built into an acting admin.
 */
export function sealVerifiedAdmin(admin: SessionAdmin): VerifiedAdmin {
  Object.freeze(admin);
  verifiedAdmins.add(admin);
  return admin as VerifiedAdmin;
}

/** The audit log's view of an admin acting in a request. */
export function auditActorOf(admin: VerifiedAdmin): AuditActor {
  return { id: admin.id, email: admin.email, ip: admin.ip };
}

/** True only for an admin produced by the session check (verifySessionAdmin, through requireAdmin). */
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

/**
 * For data functions whose action a narrower role may not take: first the same check as
 * assertVerifiedAdmin, then a 403 HttpError in plain English unless the admin's role allows it
 * ("Your role (viewer) cannot export the list. Ask an admin.").
 */
export function assertAdminCan(actor: unknown, ability: AdminAbility): asserts actor is VerifiedAdmin {
  assertVerifiedAdmin(actor);
  if (!roleCan(actor.role, ability)) throw new HttpError(403, roleRefusal(actor.role, ability));
}
