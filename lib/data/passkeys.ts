import "server-only";

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type VerifyAuthenticationResponseOpts,
  type VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server";

import { siteConfig } from "@/config/site";
import { assertFreshPassword } from "@/lib/auth/fresh-password";
import { isPendingAdmin, SECOND_STEP_EXPIRED, type PendingAdmin } from "@/lib/auth/second-step";
import { auditActorOf, isVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import {
  assertFactorOwner,
  assertNotLastFactor,
  recordFactorChange,
  replaceRecoveryCodes,
  sendNotices,
  type FactorOwner,
} from "@/lib/data/second-factor";
import { getDb, type Db, type Tx } from "@/lib/db";
import { publicSiteUrl } from "@/lib/email/site";
import { HttpError } from "@/lib/http";
import { enforceRateLimits, type RateLimitRule } from "@/lib/rate-limit";

// Passkeys (WebAuthn). The relying party is the site's public address (NEXT_PUBLIC_SITE_URL): a passkey made
// here works only on this site, which is what makes it proof against a look-alike page. Each ceremony's
// challenge is a row of admin_auth_challenges, used once and within five minutes.

type RegistrationResponse = VerifyRegistrationResponseOpts["response"];
type AuthenticationResponse = VerifyAuthenticationResponseOpts["response"];
type Transport = NonNullable<RegistrationResponse["response"]["transports"]>[number];

const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

function relyingParty(): { rpID: string; origin: string } {
  const url = new URL(publicSiteUrl());
  return { rpID: url.hostname, origin: url.origin };
}

/** One of the admin's passkeys, as Settings → Security lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(actor: VerifiedAdmin): Promise<PasskeySummary[]> {
  if (!isVerifiedAdmin(actor)) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  return getDb().adminPasskey.findMany({
    where: { adminId: actor.id },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: "asc" },
  });
}

/** Options asked for per minute, per admin and per half-signed-in cookie: a person asks once or twice. */
export const PASSKEY_OPTIONS_PER_MINUTE = 10;
export const TOO_MANY_OPTIONS = "Too many passkey requests. Please wait a minute and try again.";

/**
 * Each options request stores a challenge: limited per admin and, half signed in, per cookie, so a script
 * cannot fill the table with them.
 */
async function limitOptions(owner: FactorOwner | PendingAdmin): Promise<void> {
  const rules: RateLimitRule[] = [
    { key: `passkey-options:admin:${owner.id}`, limit: PASSKEY_OPTIONS_PER_MINUTE, windowMs: 60_000, sliding: true },
  ];
  if (isPendingAdmin(owner))
    rules.push({
      key: `passkey-options:pending:${owner.pendingId}`,
      limit: PASSKEY_OPTIONS_PER_MINUTE,
      windowMs: 60_000,
      sliding: true,
    });
  await enforceRateLimits(rules, TOO_MANY_OPTIONS);
}

async function storeChallenge(adminId: number, challenge: string, purpose: "passkey-register" | "passkey-sign-in") {
  // A ceremony begun and never finished leaves its challenge: the admin's lapsed ones go as the next is made.
  await getDb().adminAuthChallenge.deleteMany({
    where: { adminId, purpose: { in: ["passkey-register", "passkey-sign-in"] }, expiresAt: { lte: new Date() } },
  });
  await getDb().adminAuthChallenge.create({
    data: { id: challenge, adminId, purpose, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) },
    select: { id: true },
  });
}

/** True once, for a live challenge of this admin and purpose: it is marked used as it is checked. */
function consumeChallenge(adminId: number, purpose: "passkey-register" | "passkey-sign-in", db: Db | Tx = getDb()) {
  return async (challenge: string): Promise<boolean> => {
    const { count } = await db.adminAuthChallenge.updateMany({
      where: { id: challenge, adminId, purpose, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    return count === 1;
  };
}

/** The options the browser needs to make a passkey for the admin (its existing passkeys excluded). */
export async function passkeyRegistrationOptions(owner: FactorOwner) {
  assertFactorOwner(owner);
  await limitOptions(owner);
  await assertFreshPassword(owner);
  const { rpID } = relyingParty();
  const existing = await getDb().adminPasskey.findMany({
    where: { adminId: owner.id },
    select: { id: true, transports: true },
  });
  const options = await generateRegistrationOptions({
    rpName: `${siteConfig.name} Admin`,
    rpID,
    userID: `admin-${owner.id}`,
    userName: owner.email,
    userDisplayName: owner.name,
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({
      id: Buffer.from(key.id, "base64url"),
      type: "public-key" as const,
      transports: key.transports as Transport[],
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await storeChallenge(owner.id, options.challenge, "passkey-register");
  return options;
}

const NOT_VERIFIED = "The passkey could not be verified. Please try again.";

/**
 * Saves the passkey the browser made, once its response checks out against a live challenge. Returns new
 * recovery codes when this is the admin's first second factor and they have none.
 */
export async function addPasskey(
  owner: FactorOwner,
  name: string,
  response: RegistrationResponse,
): Promise<{ recoveryCodes: string[] | null }> {
  assertFactorOwner(owner);
  await assertFreshPassword(owner);
  const { rpID, origin } = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: consumeChallenge(owner.id, "passkey-register"),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw new HttpError(400, NOT_VERIFIED);
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw new HttpError(400, NOT_VERIFIED);
  const id = Buffer.from(info.credentialID).toString("base64url");
  const { codes, notice } = await getDb().$transaction(async (tx) => {
    const taken = await tx.adminPasskey.findUnique({ where: { id }, select: { id: true } });
    if (taken) throw new HttpError(409, "This passkey is already added.");
    await tx.adminPasskey.create({
      data: {
        id,
        adminId: owner.id,
        name,
        publicKey: Buffer.from(info.credentialPublicKey),
        counter: BigInt(info.counter),
        transports: response.response.transports ?? [],
      },
      select: { id: true },
    });
    const notice = await recordFactorChange(
      tx,
      owner,
      "passkey-added",
      { action: "security.passkey_add", details: { name } },
      name,
    );
    const codes =
      (await tx.adminRecoveryCode.count({ where: { adminId: owner.id } })) === 0
        ? await replaceRecoveryCodes(tx, owner.id)
        : null;
    return { codes, notice };
  });
  sendNotices([notice]);
  return { recoveryCodes: codes };
}

/** Renames one of the admin's own passkeys. */
export async function renamePasskey(actor: VerifiedAdmin, id: string, name: string): Promise<void> {
  if (!isVerifiedAdmin(actor)) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.adminPasskey.updateMany({ where: { id, adminId: actor.id }, data: { name } });
    if (count === 0) throw new HttpError(404, "No passkey of yours has this id.");
    // A new name changes nothing about how the admin signs in: audited, not emailed.
    await recordAudit(tx, auditActorOf(actor), { action: "security.passkey_rename", details: { name } });
  });
}

/** Removes one of the admin's own passkeys. */
export async function removePasskey(actor: VerifiedAdmin, id: string): Promise<void> {
  if (!isVerifiedAdmin(actor)) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  await assertFreshPassword(actor);
  const notice = await getDb().$transaction(async (tx) => {
    const key = await tx.adminPasskey.findFirst({ where: { id, adminId: actor.id }, select: { name: true } });
    if (!key) throw new HttpError(404, "No passkey of yours has this id.");
    await assertNotLastFactor(tx, actor.id, "passkey");
    // Two removals of the same key at once: the second finds nothing left, and says so rather than failing.
    const removed = await tx.adminPasskey.deleteMany({ where: { id, adminId: actor.id } });
    if (removed.count === 0) throw new HttpError(404, "No passkey of yours has this id.");
    return recordFactorChange(
      tx,
      actor,
      "passkey-removed",
      { action: "security.passkey_remove", details: { name: key.name } },
      key.name,
    );
  });
  sendNotices([notice]);
}

/** The options the browser needs to sign in with one of the half-signed-in admin's passkeys. */
export async function passkeySignInOptions(pending: PendingAdmin) {
  if (!isPendingAdmin(pending)) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  await limitOptions(pending);
  const keys = await getDb().adminPasskey.findMany({
    where: { adminId: pending.id },
    select: { id: true, transports: true },
  });
  if (keys.length === 0)
    throw new HttpError(409, "You have no passkey. Use your authenticator app or a recovery code.");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: "preferred",
    allowCredentials: keys.map((key) => ({
      id: Buffer.from(key.id, "base64url"),
      type: "public-key" as const,
      transports: key.transports as Transport[],
    })),
  });
  await storeChallenge(pending.id, options.challenge, "passkey-sign-in");
  return options;
}

/**
 * True when the browser's answer is a valid signature by one of the admin's passkeys over a live challenge. Run
 * in the sign-in's own transaction: a sign-in that loses a race leaves the challenge and counter as they were.
 */
export async function verifyPasskeySignIn(
  tx: Tx,
  pending: PendingAdmin,
  response: AuthenticationResponse,
): Promise<boolean> {
  if (!isPendingAdmin(pending)) throw new HttpError(401, SECOND_STEP_EXPIRED, { endsSession: true });
  const key = await tx.adminPasskey.findFirst({ where: { id: response.id, adminId: pending.id } });
  if (!key) return false;
  const { rpID, origin } = relyingParty();
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: consumeChallenge(pending.id, "passkey-sign-in", tx),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      authenticator: {
        credentialID: Buffer.from(key.id, "base64url"),
        credentialPublicKey: new Uint8Array(key.publicKey),
        counter: Number(key.counter),
        transports: key.transports as Transport[],
      },
    });
    if (!verified) return false;
    // Only from the counter just checked: of two uses carrying the same counter (a cloned key), one gets through.
    const moved = await tx.adminPasskey.updateMany({
      where: { id: key.id, counter: key.counter },
      data: { counter: BigInt(authenticationInfo.newCounter), lastUsedAt: new Date() },
    });
    return moved.count === 1;
  } catch {
    return false;
  }
}
