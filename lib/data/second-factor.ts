import "server-only";

import { assertFreshPassword } from "@/lib/auth/fresh-password";
import { hashRecoveryCode, newRecoveryCodes } from "@/lib/auth/recovery-codes";
import { isPendingAdmin, pendingActorOf, SECOND_STEP_EXPIRED, type PendingAdmin } from "@/lib/auth/second-step";
import {
  decryptTotpSecret,
  encryptTotpSecret,
  groupSecret,
  newTotpSecret,
  totpQrSvg,
  totpStepOf,
  totpUri,
} from "@/lib/auth/totp";
import { assertAdminCan, auditActorOf, isVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit, type AuditActor } from "@/lib/data/audit";
import { getDb, type Db, type Tx } from "@/lib/db";
import { queueSecurityNotice, type SecurityChange } from "@/lib/email/kinds/security-notice";
import { env } from "@/lib/env";
import { HttpError } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";

// An admin's second factor: an authenticator app, passkeys (lib/data/passkeys.ts) and recovery codes. Each
// change is audited and emailed to the admin, in the transaction that makes it.

/**
 * Who may change a second factor: a signed-in admin (Settings → Security), or one half signed in who must set
 * one up before their first session (ADMIN_REQUIRE_SECOND_FACTOR).
 */
export type FactorOwner = VerifiedAdmin | PendingAdmin;

export function assertFactorOwner(owner: unknown): asserts owner is FactorOwner {
  if (isVerifiedAdmin(owner)) return;
  if (isPendingAdmin(owner) && owner.purpose === "enrol") return;
  throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
}

export function factorActorOf(owner: FactorOwner): AuditActor {
  return isVerifiedAdmin(owner) ? auditActorOf(owner) : pendingActorOf(owner as PendingAdmin);
}

/** What the admin has: an app (and since when), how many passkeys, how many unused recovery codes. */
export interface SecondFactorStatus {
  totpSince: Date | null;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function secondFactorStatus(adminId: number, db: Db | Tx = getDb()): Promise<SecondFactorStatus> {
  const [totp, passkeys, recoveryCodesLeft] = await Promise.all([
    db.adminTotp.findFirst({ where: { adminId, confirmedAt: { not: null } }, select: { confirmedAt: true } }),
    db.adminPasskey.count({ where: { adminId } }),
    db.adminRecoveryCode.count({ where: { adminId, usedAt: null } }),
  ]);
  return { totpSince: totp?.confirmedAt ?? null, passkeys, recoveryCodesLeft };
}

/** A second factor that counts: a confirmed app or a passkey (recovery codes only stand in for them). */
export function hasSecondFactor(status: SecondFactorStatus): boolean {
  return status.totpSince !== null || status.passkeys > 0;
}

/** Records a change to the admin's second factor and queues the email telling them; returns the email's id. */
export async function recordFactorChange(
  tx: Tx,
  owner: FactorOwner,
  change: SecurityChange,
  entry: Parameters<typeof recordAudit>[2],
  subject?: string,
): Promise<number> {
  await recordAudit(tx, factorActorOf(owner), entry);
  return queueSecurityNotice(tx, owner, change, subject);
}

/** Holds the admin's row until the transaction ends: changes to their factors happen one at a time. */
async function lockAdmin(tx: Tx, adminId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "admin_users" WHERE "id" = ${adminId} FOR UPDATE`;
}

/**
 * Refuses to remove the last second factor while the setting requires one: the admin's own sessions would
 * stop working at once. Two removals at once are taken in turn, so they cannot each leave the other's.
 */
export async function assertNotLastFactor(tx: Tx, adminId: number, removing: "totp" | "passkey"): Promise<void> {
  if (!env().ADMIN_REQUIRE_SECOND_FACTOR) return;
  await lockAdmin(tx, adminId);
  const status = await secondFactorStatus(adminId, tx);
  const left =
    (removing === "totp" ? 0 : status.totpSince ? 1 : 0) + status.passkeys - (removing === "passkey" ? 1 : 0);
  if (left < 1)
    throw new HttpError(
      409,
      "Every admin needs a second factor here. Add another passkey or app before removing this one.",
    );
}

/**
 * Makes ten new recovery codes, replacing any the admin had, in the caller's transaction. Returned once, to
 * be shown once: only their hashes are kept.
 */
export async function replaceRecoveryCodes(tx: Tx, adminId: number): Promise<string[]> {
  // Two regenerations at once: the second replaces the first's codes rather than adding ten more.
  await lockAdmin(tx, adminId);
  const codes = newRecoveryCodes();
  await tx.adminRecoveryCode.deleteMany({ where: { adminId } });
  await tx.adminRecoveryCode.createMany({ data: codes.map((code) => ({ adminId, codeHash: hashRecoveryCode(code) })) });
  return codes;
}

/** After a first factor is added: recovery codes, unless the admin already has some. */
async function firstRecoveryCodes(tx: Tx, adminId: number): Promise<string[] | null> {
  const existing = await tx.adminRecoveryCode.count({ where: { adminId } });
  return existing === 0 ? replaceRecoveryCodes(tx, adminId) : null;
}

/** The email ids queued by a change, sent at once rather than at the next sweep. */
export function sendNotices(ids: number[]): void {
  sendSoon(ids);
}

// ---- The authenticator app ----

/** What the app's set-up shows: the QR code (SVG), the secret grouped for typing, and the address it encodes. */
export interface TotpSetup {
  qrSvg: string;
  secret: string;
  uri: string;
}

const WRONG_CODE = "That code is not right. Check the 6-digit code in your authenticator app and try again.";

/**
 * Starts setting up an app: a new secret, stored encrypted and unconfirmed (replacing an unconfirmed one), so
 * nothing changes for sign-in until a first code confirms it.
 */
export async function beginTotpSetup(owner: FactorOwner): Promise<TotpSetup> {
  assertFactorOwner(owner);
  await assertFreshPassword(owner);
  const existing = await getDb().adminTotp.findUnique({ where: { adminId: owner.id }, select: { confirmedAt: true } });
  if (existing?.confirmedAt)
    throw new HttpError(409, "An authenticator app is already set up. Remove it first to set up another.");
  const secret = newTotpSecret();
  const stored = encryptTotpSecret(secret);
  await getDb().adminTotp.upsert({
    where: { adminId: owner.id },
    create: { adminId: owner.id, secret: stored },
    update: { secret: stored, confirmedAt: null, lastStep: null },
  });
  const uri = totpUri(secret, owner.email);
  return { qrSvg: await totpQrSvg(uri), secret: groupSecret(secret), uri };
}

/**
 * Confirms the app being set up with a first code from it. Returns new recovery codes when this is the
 * admin's first second factor (null otherwise). A wrong code is a 400 that changes nothing.
 */
export async function confirmTotpSetup(owner: FactorOwner, code: string): Promise<{ recoveryCodes: string[] | null }> {
  assertFactorOwner(owner);
  await assertFreshPassword(owner);
  const row = await getDb().adminTotp.findUnique({ where: { adminId: owner.id } });
  if (!row || row.confirmedAt) throw new HttpError(409, "Start setting up the app again: no set-up is under way.");
  const secret = decryptTotpSecret(row.secret);
  const step = secret ? totpStepOf(secret, code) : null;
  if (step === null) throw new HttpError(400, WRONG_CODE, { errors: { code: [WRONG_CODE] } });
  const { codes, notice } = await getDb().$transaction(async (tx) => {
    const { count } = await tx.adminTotp.updateMany({
      where: { adminId: owner.id, confirmedAt: null, secret: row.secret },
      data: { confirmedAt: new Date(), lastStep: BigInt(step) },
    });
    if (count !== 1) throw new HttpError(409, "Start setting up the app again: no set-up is under way.");
    const notice = await recordFactorChange(tx, owner, "totp-added", { action: "security.totp_add" });
    return { codes: await firstRecoveryCodes(tx, owner.id), notice };
  });
  sendNotices([notice]);
  return { recoveryCodes: codes };
}

/** Removes the admin's own app (a 404 when there is none). */
export async function removeTotp(actor: VerifiedAdmin): Promise<void> {
  if (!isVerifiedAdmin(actor)) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  await assertFreshPassword(actor);
  const notice = await getDb().$transaction(async (tx) => {
    await assertNotLastFactor(tx, actor.id, "totp");
    const { count } = await tx.adminTotp.deleteMany({ where: { adminId: actor.id } });
    if (count === 0) throw new HttpError(404, "You have no authenticator app set up.");
    return recordFactorChange(tx, actor, "totp-removed", { action: "security.totp_remove" });
  });
  sendNotices([notice]);
}

/**
 * Checks a code for a sign-in's second step: valid now (one step of drift either way) and of a later step than
 * the last code accepted, which it then becomes, in one statement, so the same code never works twice. Run in
 * the sign-in's own transaction: a sign-in that loses a race to another leaves the code unspent.
 */
export async function acceptTotpCode(tx: Tx, adminId: number, code: string, now = Date.now()): Promise<boolean> {
  const row = await tx.adminTotp.findFirst({ where: { adminId, confirmedAt: { not: null } } });
  if (!row) return false;
  const secret = decryptTotpSecret(row.secret);
  if (!secret) {
    console.error(`[auth] admin ${adminId}'s authenticator app secret does not decrypt (AUTH_SECRET changed?)`);
    return false;
  }
  const step = totpStepOf(secret, code, now);
  if (step === null) return false;
  const { count } = await tx.adminTotp.updateMany({
    where: { adminId, confirmedAt: { not: null }, OR: [{ lastStep: null }, { lastStep: { lt: BigInt(step) } }] },
    data: { lastStep: BigInt(step) },
  });
  return count === 1;
}

// ---- Recovery codes ----

/** Replaces the admin's recovery codes with ten new ones, returned to be shown once. */
export async function regenerateRecoveryCodes(actor: VerifiedAdmin): Promise<string[]> {
  assertFactorOwner(actor);
  if (!isVerifiedAdmin(actor)) throw new HttpError(401, SECOND_STEP_EXPIRED);
  await assertFreshPassword(actor);
  const status = await secondFactorStatus(actor.id);
  if (!hasSecondFactor(status))
    throw new HttpError(409, "Set up a passkey or an authenticator app first: recovery codes stand in for one.");
  const { codes, notice } = await getDb().$transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.id);
    const notice = await recordFactorChange(tx, actor, "recovery-codes-made", { action: "security.recovery_codes" });
    return { codes, notice };
  });
  sendNotices([notice]);
  return codes;
}

/**
 * Uses a recovery code for a sign-in's second step, in the sign-in's own transaction: the id of the email telling
 * the admin when it was unused (it is used now, and audited), or null. A sign-in that loses a race to another
 * rolls back, and the code stays unused.
 */
export async function redeemRecoveryCode(tx: Tx, pending: PendingAdmin, code: string): Promise<number | null> {
  if (!isPendingAdmin(pending)) throw new HttpError(401, SECOND_STEP_EXPIRED);
  const { count } = await tx.adminRecoveryCode.updateMany({
    where: { adminId: pending.id, codeHash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count !== 1) return null;
  const left = await tx.adminRecoveryCode.count({ where: { adminId: pending.id, usedAt: null } });
  await recordAudit(tx, pendingActorOf(pending), { action: "security.recovery_code_used", details: { left } });
  return queueSecurityNotice(tx, pending, "recovery-code-used");
}

// ---- Lost device ----

/**
 * Removes another admin's second factor (app, passkeys and recovery codes) and ends their sessions: for an admin
 * with full rights, when someone has lost their phone. They set a new one up at their next sign-in.
 */
export async function resetSecondFactor(actor: VerifiedAdmin, adminId: number): Promise<void> {
  assertAdminCan(actor, "admins");
  if (adminId === actor.id)
    throw new HttpError(
      400,
      "Change your own second factor under Settings, Security; another admin resets it for you.",
    );
  const notice = await getDb().$transaction(async (tx) => {
    const target = await tx.adminUser.findUnique({
      where: { id: adminId },
      select: { id: true, email: true, name: true },
    });
    if (!target) throw new HttpError(404, "Admin user not found");
    return wipeSecondFactor(tx, target, auditActorOf(actor), actor.name);
  });
  sendNotices([notice]);
}

/** Who the audit log and the email name for a reset made on the server's command line (admin:reset-second-factor). */
export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: "npm run admin:reset-second-factor", ip: null };
const COMMAND_LINE_NAME = "Someone with access to the server (npm run admin:reset-second-factor)";

/**
 * The same reset made from the server's command line, for a business whose only admin has lost their second
 * factor: whoever can run commands on the server already holds the database. Returns the security notice's id.
 */
export async function resetSecondFactorFromCommandLine(adminId: number): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const target = await tx.adminUser.findUnique({
      where: { id: adminId },
      select: { id: true, email: true, name: true },
    });
    if (!target) throw new HttpError(404, "Admin user not found");
    return wipeSecondFactor(tx, target, COMMAND_LINE_ACTOR, COMMAND_LINE_NAME);
  });
}

/** The reset itself, in the caller's transaction: factors, codes, sessions and half-done sign-ins go; audited and emailed. */
async function wipeSecondFactor(
  tx: Tx,
  target: { id: number; email: string; name: string },
  actor: AuditActor,
  actorName: string,
): Promise<number> {
  const adminId = target.id;
  const [totp, passkeys, codes, sessions] = await Promise.all([
    tx.adminTotp.deleteMany({ where: { adminId } }),
    tx.adminPasskey.deleteMany({ where: { adminId } }),
    tx.adminRecoveryCode.deleteMany({ where: { adminId } }),
    tx.adminSession.updateMany({ where: { adminId, revokedAt: null }, data: { revokedAt: new Date() } }),
  ]);
  await tx.adminAuthChallenge.deleteMany({ where: { adminId } });
  await recordAudit(tx, actor, {
    action: "admin.second_factor_reset",
    target: `admin:${adminId}`,
    details: {
      app: totp.count > 0,
      passkeys: passkeys.count,
      recoveryCodes: codes.count,
      sessionsEnded: sessions.count,
    },
  });
  return queueSecurityNotice(tx, target, "second-factor-reset", actorName);
}

/** Which admins have a second factor, for the Admin Users page's reset action. */
export async function adminsWithSecondFactor(adminIds: number[]): Promise<Set<number>> {
  if (adminIds.length === 0) return new Set();
  const [apps, keys] = await Promise.all([
    getDb().adminTotp.findMany({
      where: { adminId: { in: adminIds }, confirmedAt: { not: null } },
      select: { adminId: true },
    }),
    getDb().adminPasskey.findMany({
      where: { adminId: { in: adminIds } },
      select: { adminId: true },
      distinct: ["adminId"],
    }),
  ]);
  return new Set([...apps, ...keys].map((row) => row.adminId));
}
