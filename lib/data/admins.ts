import "server-only";

import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { assertVerifiedAdmin, auditActorOf, SESSION_ENDED_MESSAGE, type VerifiedAdmin } from "@/lib/auth/verified";
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
export const publicAdminSelect = { id: true, name: true, email: true, isActive: true, createdAt: true } as const;

/** An admin as it may leave the server: the columns of publicAdminSelect. */
export interface PublicAdmin {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: Date;
}

/** Ends every session an admin holds (deactivation, a password reset). */
function endAllSessions(db: Db | Tx, adminId: number) {
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
  return rest;
}

/** How many admin accounts exist. */
export function countAdmins(): Promise<number> {
  return getDb().adminUser.count();
}

/**
 * Creates an admin with a hashed password; throws AdminEmailTakenError when the email is in use. With an
 * actor, the creation is recorded in the audit log in the same transaction.
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
        data: { name: input.name, email, password },
        select: publicAdminSelect,
      });
      if (actor)
        await recordAudit(tx, auditActorOf(actor), {
          action: "admin.create",
          target: `admin:${admin.id}`,
          details: { email },
        });
      return admin;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminEmailTakenError();
    throw error;
  }
}

/** Creates the admin, or for an existing email sets a new name and password and reactivates it. */
export async function upsertAdmin(input: CreateAdminInput): Promise<{ admin: PublicAdmin; created: boolean }> {
  const email = input.email.toLowerCase();
  const password = await hashPassword(input.password);
  const existing = await getDb().adminUser.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    // A new password ends the sessions the old one started.
    const admin = await getDb().$transaction(async (tx) => {
      await endAllSessions(tx, existing.id);
      return tx.adminUser.update({
        where: { id: existing.id },
        data: { name: input.name, password, isActive: true },
        select: publicAdminSelect,
      });
    });
    return { admin, created: false };
  }
  const admin = await getDb().adminUser.create({
    data: { name: input.name, email, password },
    select: publicAdminSelect,
  });
  return { admin, created: true };
}

// The admin-management functions below act for the signed-in admin. Each first checks that `actor` really
// came from requireAdmin (assertVerifiedAdmin: a hand-built object is refused with a 401), then checks
// again, inside the same operation, that the admin is still active: a session checked a moment ago is
// not enough for an action that changes who can sign in.
async function assertActiveActor(db: Db | Tx, actor: VerifiedAdmin): Promise<void> {
  const row = await db.adminUser.findFirst({ where: { id: actor.id, isActive: true }, select: { id: true } });
  if (!row) throw new AdminSessionEndedError();
}

/** Every admin account, oldest first, for the admin users page. Never includes password hashes. */
export async function listAdmins(actor: VerifiedAdmin): Promise<PublicAdmin[]> {
  assertVerifiedAdmin(actor);
  const db = getDb();
  await assertActiveActor(db, actor);
  return db.adminUser.findMany({ select: publicAdminSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** Creates an admin on behalf of a signed-in admin; throws AdminEmailTakenError for an email in use. */
export async function addAdmin(actor: VerifiedAdmin, input: CreateAdminInput): Promise<PublicAdmin> {
  assertVerifiedAdmin(actor);
  await assertActiveActor(getDb(), actor);
  return createAdmin(input, actor);
}

/**
 * Activates or deactivates an admin. Deactivation ends every session the admin holds at once, and is
 * refused (LastActiveAdminError) for the last active admin. A change is recorded in the audit log.
 */
export async function setAdminStatus(actor: VerifiedAdmin, id: number, isActive: boolean): Promise<PublicAdmin> {
  assertVerifiedAdmin(actor);
  return getDb().$transaction(async (tx) => {
    // Locking every active row (in id order, so concurrent calls cannot deadlock) serialises status
    // changes: two admins deactivating each other at once cannot both see the other as still active.
    const active = await tx.$queryRaw<
      { id: number }[]
    >`SELECT "id" FROM "admin_users" WHERE "isActive" ORDER BY "id" FOR UPDATE`;
    if (!active.some((row) => row.id === actor.id)) throw new AdminSessionEndedError();
    const target = await tx.adminUser.findUnique({ where: { id }, select: publicAdminSelect });
    if (!target) throw new AdminNotFoundError();
    if (target.isActive === isActive) return target;
    if (!isActive && active.length <= 1) throw new LastActiveAdminError();
    if (!isActive) await endAllSessions(tx, id);
    await recordAudit(tx, auditActorOf(actor), {
      action: isActive ? "admin.activate" : "admin.deactivate",
      target: `admin:${id}`,
      details: { email: target.email },
    });
    return tx.adminUser.update({ where: { id }, data: { isActive }, select: publicAdminSelect });
  });
}
