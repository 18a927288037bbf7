import "server-only";

import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { DEFAULT_ADMIN_ROLE, parseAdminRole, roleCan, roleRefusal, type AdminRole } from "@/lib/auth/roles";
import { assertAdminCan, auditActorOf, SESSION_ENDED_MESSAGE, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { getDb, type Db, type Tx } from "@/lib/db";
import { HttpError } from "@/lib/http";
import type { CreateAdminInput } from "@/lib/validation/admin";

// Each error below carries the status and message the admin sees; route() answers with them.

const EMAIL_TAKEN_MESSAGE = "An admin with this email already exists.";

/** The email of a new admin is already used by another admin (compared case-insensitively): 409, on the email field. */
export class AdminEmailTakenError extends HttpError {
  constructor() {
    super(409, EMAIL_TAKEN_MESSAGE, { errors: { email: [EMAIL_TAKEN_MESSAGE] } });
    this.name = "AdminEmailTakenError";
  }
}

/** No admin has the id asked for: 404. */
export class AdminNotFoundError extends HttpError {
  constructor() {
    super(404, "No admin user has this id.");
    this.name = "AdminNotFoundError";
  }
}

/** Deactivating this admin would leave nobody able to sign in: 409. */
export class LastActiveAdminError extends HttpError {
  constructor() {
    super(
      409,
      "This is the last active admin: deactivating it would leave nobody able to sign in. Activate another admin first.",
    );
    this.name = "LastActiveAdminError";
  }
}

/** The change would leave no active admin with full rights, so nobody could manage admins again: 409. */
export class LastFullAdminError extends HttpError {
  constructor(change: "narrow" | "deactivate") {
    super(
      409,
      change === "narrow"
        ? "This is the only active admin with full rights: add another admin (or give one the Admin role) before narrowing this one."
        : "This is the only active admin with full rights: add another admin (or give one the Admin role) before deactivating this one.",
    );
    this.name = "LastFullAdminError";
  }
}

/** The admin acting was deactivated (or removed) after their session was checked: 401, and the cookie is cleared. */
export class AdminSessionEndedError extends HttpError {
  constructor() {
    super(401, SESSION_ENDED_MESSAGE, { endsSession: true });
    this.name = "AdminSessionEndedError";
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** The columns of an admin that may leave the server: never the password hash. */
export const publicAdminSelect = {
  id: true,
  name: true,
  email: true,
  isActive: true,
  createdAt: true,
  role: true,
} as const;

/** An admin as it may leave the server: the columns of publicAdminSelect. */
export interface PublicAdmin {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: Date;
  role: AdminRole;
}

/** A row read with publicAdminSelect, its role typed (the column's CHECK allows only the three; else the narrowest). */
function toPublicAdmin<T extends { role: string }>(row: T): T & { role: AdminRole } {
  return { ...row, role: parseAdminRole(row.role) ?? "viewer" };
}

/**
 * Ends every session an admin holds (deactivation, a password reset), and every sign-in half done with the old
 * password: its second step, or its setting up of a first second factor, would otherwise still start a session.
 */
async function endAllSessions(db: Db | Tx, adminId: number) {
  await db.adminAuthChallenge.deleteMany({ where: { adminId } });
  return db.adminSession.updateMany({ where: { adminId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Checks an email and password. Returns the admin when both match and the account is active; null
 * otherwise, after the same bcrypt work whatever the reason.
 */
export async function verifyAdminCredentials(email: string, password: string): Promise<PublicAdmin | null> {
  const admin = await getDb().adminUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...publicAdminSelect, password: true },
  });
  const matches = await verifyPassword(password, admin?.password);
  if (!admin || !matches || !admin.isActive) return null;
  const { password: _hash, ...rest } = admin;
  return toPublicAdmin(rest);
}

/** How many admin accounts exist. */
export function countAdmins(): Promise<number> {
  return getDb().adminUser.count();
}

/**
 * Creates an admin with a hashed password, with full rights unless `input.role` narrows them; throws
 * AdminEmailTakenError when the email is in use. With an actor, the creation is recorded in the audit log
 * in the same transaction.
 */
export async function createAdmin(input: CreateAdminInput, actor?: VerifiedAdmin): Promise<PublicAdmin> {
  const email = input.email.trim().toLowerCase();
  const db = getDb();
  // Checked first so a duplicate costs no bcrypt work; the unique index still decides a race.
  if (await db.adminUser.findUnique({ where: { email }, select: { id: true } })) throw new AdminEmailTakenError();
  const password = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const admin = await tx.adminUser.create({
        data: { name: input.name, email, password, role: input.role ?? DEFAULT_ADMIN_ROLE },
        select: publicAdminSelect,
      });
      if (actor)
        await recordAudit(tx, auditActorOf(actor), {
          action: "admin.create",
          target: `admin:${admin.id}`,
          details: { email, role: admin.role },
        });
      return toPublicAdmin(admin);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminEmailTakenError();
    throw error;
  }
}

/**
 * Creates the admin (with `input.role`, full rights without one), or for an existing email sets a new name
 * and password and reactivates it; an existing admin's role changes only when `input.role` names one, and
 * never so that no active admin keeps full rights (LastFullAdminError).
 */
export async function upsertAdmin(input: CreateAdminInput): Promise<{ admin: PublicAdmin; created: boolean }> {
  const email = input.email.toLowerCase();
  const password = await hashPassword(input.password);
  const existing = await getDb().adminUser.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    // A new password ends the sessions the old one started.
    const admin = await getDb().$transaction(async (tx) => {
      if (input.role && input.role !== "admin") {
        const full = (await lockActiveAdmins(tx)).filter((row) => row.role === "admin" && row.id !== existing.id);
        if (full.length === 0) throw new LastFullAdminError("narrow");
      }
      await endAllSessions(tx, existing.id);
      return tx.adminUser.update({
        where: { id: existing.id },
        data: { name: input.name, password, isActive: true, ...(input.role ? { role: input.role } : {}) },
        select: publicAdminSelect,
      });
    });
    return { admin: toPublicAdmin(admin), created: false };
  }
  const admin = await getDb().adminUser.create({
    data: { name: input.name, email, password, role: input.role ?? DEFAULT_ADMIN_ROLE },
    select: publicAdminSelect,
  });
  return { admin: toPublicAdmin(admin), created: true };
}

/**
 * Every active admin's id and role, rows locked in id order (so concurrent callers cannot deadlock): status
 * and role changes take these locks first, so they run one at a time, and two admins narrowing or
 * deactivating each other at once cannot both see the other as the admin with full rights who remains.
 */
function lockActiveAdmins(tx: Tx) {
  return tx.$queryRaw<
    { id: number; role: string }[]
  >`SELECT "id", "role" FROM "admin_users" WHERE "isActive" ORDER BY "id" FOR UPDATE`;
}

/** The acting admin, checked again under the locks: still active (else 401), and still with full rights (else 403). */
function assertActorAmong(active: { id: number; role: string }[], actor: VerifiedAdmin): void {
  const row = active.find((admin) => admin.id === actor.id);
  if (!row) throw new AdminSessionEndedError();
  const role = parseAdminRole(row.role) ?? "viewer";
  if (!roleCan(role, "admins")) throw new HttpError(403, roleRefusal(role, "admins"));
}

// The admin-management functions below act for the signed-in admin. Each first checks that `actor` really
// came from requireAdmin and has full rights (assertAdminCan: a hand-built object is refused with a 401, a
// member or viewer with a 403), then checks again, inside the same operation, that the admin is still
// active and still an admin: a session checked a moment ago is not enough for an action that changes who
// can sign in, or what they can do.
async function assertActiveActor(db: Db | Tx, actor: VerifiedAdmin): Promise<void> {
  const row = await db.adminUser.findFirst({ where: { id: actor.id, isActive: true }, select: { role: true } });
  if (!row) throw new AdminSessionEndedError();
  assertActorAmong([{ id: actor.id, role: row.role }], actor);
}

/** Every admin account, oldest first, for the admin users page. Never includes password hashes. */
export async function listAdmins(actor: VerifiedAdmin): Promise<PublicAdmin[]> {
  assertAdminCan(actor, "admins");
  const db = getDb();
  await assertActiveActor(db, actor);
  const rows = await db.adminUser.findMany({
    select: publicAdminSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toPublicAdmin);
}

/** Creates an admin on behalf of a signed-in admin; throws AdminEmailTakenError for an email in use. */
export async function addAdmin(actor: VerifiedAdmin, input: CreateAdminInput): Promise<PublicAdmin> {
  assertAdminCan(actor, "admins");
  await assertActiveActor(getDb(), actor);
  return createAdmin(input, actor);
}

/** How many of the locked active admins have full rights. */
function fullAdmins(active: { role: string }[]): number {
  return active.filter((row) => row.role === "admin").length;
}

/**
 * Activates or deactivates an admin. Deactivation ends every session the admin holds at once, and is
 * refused for the last active admin (LastActiveAdminError) and for the last active admin with full rights
 * (LastFullAdminError). A change is recorded in the audit log.
 */
export async function setAdminStatus(actor: VerifiedAdmin, id: number, isActive: boolean): Promise<PublicAdmin> {
  assertAdminCan(actor, "admins");
  return getDb().$transaction(async (tx) => {
    const active = await lockActiveAdmins(tx);
    assertActorAmong(active, actor);
    const target = await tx.adminUser.findUnique({ where: { id }, select: publicAdminSelect });
    if (!target) throw new AdminNotFoundError();
    if (target.isActive === isActive) return toPublicAdmin(target);
    if (!isActive && active.length <= 1) throw new LastActiveAdminError();
    if (!isActive && target.role === "admin" && fullAdmins(active) <= 1) throw new LastFullAdminError("deactivate");
    if (!isActive) await endAllSessions(tx, id);
    await recordAudit(tx, auditActorOf(actor), {
      action: isActive ? "admin.activate" : "admin.deactivate",
      target: `admin:${id}`,
      details: { email: target.email },
    });
    return toPublicAdmin(await tx.adminUser.update({ where: { id }, data: { isActive }, select: publicAdminSelect }));
  });
}

/**
 * Gives an admin another role, recorded in the audit log with the old and new roles. Narrowing the last
 * active admin with full rights is refused (LastFullAdminError): someone must always be able to manage
 * admins. The change applies from the admin's next request; their sessions go on.
 */
export async function setAdminRole(actor: VerifiedAdmin, id: number, role: AdminRole): Promise<PublicAdmin> {
  assertAdminCan(actor, "admins");
  return getDb().$transaction(async (tx) => {
    const active = await lockActiveAdmins(tx);
    assertActorAmong(active, actor);
    const target = await tx.adminUser.findUnique({ where: { id }, select: publicAdminSelect });
    if (!target) throw new AdminNotFoundError();
    if (target.role === role) return toPublicAdmin(target);
    if (target.isActive && target.role === "admin" && fullAdmins(active) <= 1) throw new LastFullAdminError("narrow");
    await recordAudit(tx, auditActorOf(actor), {
      action: "admin.role",
      target: `admin:${id}`,
      details: { email: target.email, from: target.role, to: role },
    });
    return toPublicAdmin(await tx.adminUser.update({ where: { id }, data: { role }, select: publicAdminSelect }));
  });
}
