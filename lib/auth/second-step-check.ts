import "server-only";

import {
  blockingRules,
  LOGIN_FAILURE_WINDOW_MS,
  rememberAddress,
  SECOND_STEP_ALERT_AFTER,
  secondFactorRules,
  secondStepAlertKey,
  TOO_MANY_ATTEMPTS,
} from "@/lib/auth/login-throttle";
import {
  clearSecondStepCookie,
  completeSignIn,
  isPendingAdmin,
  readPendingAdmin,
  type PendingAdmin,
} from "@/lib/auth/second-step";
import { setSessionCookie } from "@/lib/auth/session";
import { verifySessionAdmin } from "@/lib/auth/session-admin";
import { SESSION_ENDED_MESSAGE } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { verifyPasskeySignIn } from "@/lib/data/passkeys";
import {
  acceptTotpCode,
  hasSecondFactor,
  redeemRecoveryCode,
  secondFactorStatus,
  sendNotices,
  type FactorOwner,
} from "@/lib/data/second-factor";
import type { SignInMethod } from "@/lib/data/sessions";
import { getDb, type Tx } from "@/lib/db";
import { queueSecurityNotice } from "@/lib/email/kinds/security-notice";
import { HttpError, json } from "@/lib/http";
import { enforceRateLimits, peekRateLimit, resetRateLimit, undoRateLimitHit } from "@/lib/rate-limit";
import type { secondStepSchema } from "@/lib/validation/second-factor";
import type { z } from "@/lib/validation/zod";

export type SecondStepInput = z.output<typeof secondStepSchema>;

/** What a refused second step says, for each way of giving it. */
export const SECOND_STEP_REFUSALS: Record<Exclude<SignInMethod, "password">, string> = {
  totp: "That code is not right. Check the 6-digit code in your authenticator app and try again.",
  recovery: "That recovery code is not right, or it has already been used.",
  passkey: "The passkey could not be verified. Try again, or use another way to sign in.",
};

/** A second factor that did not hold: thrown inside the sign-in's transaction so nothing of it is kept. */
class FactorRefused extends Error {}

/** Checks and spends the factor given, in the sign-in's transaction; returns the ids of the emails it queued. */
async function spendFactor(tx: Tx, pending: PendingAdmin, input: SecondStepInput): Promise<number[]> {
  switch (input.method) {
    case "totp":
      if (await acceptTotpCode(tx, pending.id, input.code)) return [];
      break;
    case "recovery": {
      const notice = await redeemRecoveryCode(tx, pending, input.code);
      if (notice !== null) return [notice];
      break;
    }
    default:
      if (await verifyPasskeySignIn(tx, pending, input.response as Parameters<typeof verifyPasskeySignIn>[2]))
        return [];
  }
  throw new FactorRefused();
}

/**
 * The second step of a sign-in: each attempt counts against the same limits as a password (per client, and per
 * email and client), and against the admin's own second-step limits, which a right password does not clear. A factor that holds completes
 * the sign-in (the session cookie, the half-signed-in cookie cleared); one that does not is a 401 and an audit
 * entry, and the admin may try again while the half-signed-in state lasts.
 */
export async function secondStep(request: Request, pending: PendingAdmin, input: SecondStepInput) {
  const clientRules = blockingRules(pending.ip, pending.email);
  const adminRules = secondFactorRules(pending.id);
  await enforceRateLimits([...clientRules, ...adminRules], TOO_MANY_ATTEMPTS);
  let notices: number[] = [];
  let sessionId: string;
  try {
    sessionId = await completeSignIn(pending, input.method, async (tx) => {
      notices = await spendFactor(tx, pending, input);
    });
  } catch (error) {
    if (!(error instanceof FactorRefused)) throw error;
    await recordAudit(
      getDb(),
      { id: pending.id, email: pending.email, ip: pending.ip },
      {
        action: "auth.second_factor_failed",
        details: { method: input.method },
      },
    );
    await alertAfterRepeatedFailures(pending, adminRules[0]!);
    throw new HttpError(401, SECOND_STEP_REFUSALS[input.method]);
  }
  sendNotices(notices);
  // The right factor is no guess: its own attempt is taken back, the wrong ones before it still count.
  await Promise.all([
    ...clientRules.map((rule) => resetRateLimit(rule.key)),
    ...adminRules.map((rule) => undoRateLimitHit(rule)),
  ]);
  await rememberAddress(pending.email, pending.ip);
  const response = json({ message: "Login successful", admin: { name: pending.name, email: pending.email } });
  await setSessionCookie(response, request, { adminId: pending.id, sessionId });
  clearSecondStepCookie(response, request);
  return response;
}

/**
 * Emails the admin once the quarter hour's failed second steps reach the alert level: whoever is guessing
 * gave the right password first. Noted for a quarter hour, so a run of guesses sends one email, not one each.
 */
async function alertAfterRepeatedFailures(
  pending: PendingAdmin,
  windowRule: ReturnType<typeof secondFactorRules>[number],
) {
  const { count } = await peekRateLimit(windowRule);
  if (count < SECOND_STEP_ALERT_AFTER) return;
  const key = secondStepAlertKey(pending.id);
  // One statement claims the note: of two failures at once, only one sends the email.
  const until = new Date(Date.now() + LOGIN_FAILURE_WINDOW_MS);
  const claimed = await getDb().$queryRaw<{ key: string }[]>`
    INSERT INTO "rate_limits" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key}, ${new Date(0)}, 1, ${until})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt", "count" = 1
      WHERE "rate_limits"."expiresAt" <= ${new Date()}
    RETURNING "key"`;
  if (claimed.length === 0) return;
  const notice = await getDb().$transaction(async (tx) => {
    await recordAudit(
      tx,
      { id: pending.id, email: pending.email, ip: pending.ip },
      {
        action: "security.second_step_alert",
        details: { failures: count },
      },
    );
    return queueSecurityNotice(tx, pending, "second-step-failures", String(count));
  });
  sendNotices([notice]);
}

/**
 * Who may set up a second factor in this request: the signed-in admin, or one half signed in who must set one
 * up before their first session. Anyone else gets the 401 that clears a stale session cookie.
 */
export async function requireFactorOwner(request: Request): Promise<FactorOwner> {
  const admin = await verifySessionAdmin(request);
  if (admin) return admin;
  const pending = await readPendingAdmin(request, "enrol");
  // Setting up a first factor is what this state is for: once the admin has one (set up elsewhere meanwhile),
  // the state no longer opens a session without it.
  if (pending && !hasSecondFactor(await secondFactorStatus(pending.id))) return pending;
  throw new HttpError(401, SESSION_ENDED_MESSAGE, { endsSession: true });
}

/**
 * The answer to a second factor just set up. For an admin half signed in to enrol, it is also the end of their
 * sign-in: the session starts now, signed in by that factor.
 */
export async function enrolledResponse(
  request: Request,
  owner: FactorOwner,
  method: "totp" | "passkey",
  body: { message: string; recoveryCodes: string[] | null },
) {
  if (!isPendingAdmin(owner)) return json(body);
  const sessionId = await completeSignIn(owner, method);
  await rememberAddress(owner.email, owner.ip);
  const response = json({ ...body, signedIn: true });
  await setSessionCookie(response, request, { adminId: owner.id, sessionId });
  clearSecondStepCookie(response, request);
  return response;
}
