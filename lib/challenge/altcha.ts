import "server-only";

import { createHash, hkdfSync } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

import { getAuthSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { HttpError } from "@/lib/http";
import {
  CHALLENGE_FIELD,
  CHALLENGE_PAYLOAD_MAX_LENGTH,
  CHALLENGE_REQUIRED_MESSAGE,
  CHALLENGE_TTL_MS,
  challengePayloadSchema,
  type ProofFailure,
} from "@/lib/validation/challenge";
import { z } from "@/lib/validation/zod";

/**
 * How hard a challenge is, the one figure to tune: the browser tries counters from 0 until it finds the one
 * the server picked, at random between half this number and this number, one SHA-256 per try. A person
 * filling in the form should not notice (the widget solves while they type); a script sending signups by the
 * thousand pays that work for each one. Chosen so that the widget's own solver, on one thread of a
 * phone-class CPU (Chromium throttled 4x), needs well under a second for the hardest challenge (docs/benchmarks.md,
 * "Measured while choosing"). The server's own cost stays one hash and one signature per challenge made or checked, whatever
 * this is.
 */
export const CHALLENGE_MAX_COUNTER = 20_000;

// SHA-256 with one round: every browser has it built in, and making or checking a challenge costs the server
// one hash and one signature, so the challenge route needs no limit of its own (a slower key derivation would cost the server
// as much per challenge as it costs the browser per try).
const ALGORITHM = "SHA-256";
const COST = 1;

// Names what the derived key is for, so the key that signs challenges is never the one that seals sessions.
const KEY_LABEL = "otto/signup-challenge/v1";

/** The key that signs challenges: SIGNUP_CHALLENGE_SECRET, else one derived from AUTH_SECRET. */
export function challengeSecret(): string {
  const configured = env().SIGNUP_CHALLENGE_SECRET;
  if (configured) return configured;
  return Buffer.from(hkdfSync("sha256", getAuthSecret(), "", KEY_LABEL, 32)).toString("hex");
}

export interface NewChallengeOptions {
  /** The difficulty (tests use a small one). */
  maxCounter?: number;
  now?: Date;
}

/** A fresh signed challenge for the widget, expiring CHALLENGE_TTL_MS from now. */
export async function newChallenge({
  maxCounter = CHALLENGE_MAX_COUNTER,
  now = new Date(),
}: NewChallengeOptions = {}): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(maxCounter, Math.max(1, Math.floor(maxCounter / 2))),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: challengeSecret(),
  });
}

export type ProofResult = { ok: true } | { ok: false; reason: ProofFailure };

// The shape of a solved challenge, before anything in it is trusted: the signature check decides the rest.
const payloadShape = z.object({
  challenge: z.object({
    parameters: z.looseObject({ expiresAt: z.number().int().positive() }),
    signature: z.string().min(1).max(512),
  }),
  solution: z.looseObject({ counter: z.number(), derivedKey: z.string().max(1024) }),
});

function decode(payload: string) {
  try {
    return payloadShape.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
  } catch {
    return null;
  }
}

/** A proof checked but not yet used up: what recording its use needs (see ProofClaim's callers). */
export interface ProofClaim {
  /** SHA-256 of the challenge's signature: one row per challenge, whatever solution came with it. */
  signatureHash: Buffer;
  expiresAt: Date;
}

/**
 * Checks a solved challenge without using it up: well formed, signed by us, not expired and solved. The
 * caller records its use (spendProof, or the signup's own database call), which is what refuses a replay.
 */
export async function checkProof(
  payload: string | null | undefined,
  now = new Date(),
): Promise<{ ok: true; claim: ProofClaim } | { ok: false; reason: ProofFailure }> {
  if (payload === null || payload === undefined || payload.trim() === "") return { ok: false, reason: "missing" };
  if (payload.length > CHALLENGE_PAYLOAD_MAX_LENGTH || !challengePayloadSchema.safeParse(payload).success) {
    return { ok: false, reason: "malformed" };
  }
  const parsed = decode(payload.trim());
  if (!parsed?.success) return { ok: false, reason: "malformed" };
  const { challenge, solution } = parsed.data;
  const expiresAt = new Date(challenge.parameters.expiresAt * 1000);
  if (expiresAt <= now) return { ok: false, reason: "expired" };

  let result;
  try {
    result = await verifySolution({
      challenge: challenge as unknown as Challenge,
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
      deriveKey,
      hmacSignatureSecret: challengeSecret(),
    });
  } catch {
    // Parameters the library refuses to work with (an unknown algorithm, say) were not signed by us.
    return { ok: false, reason: "invalid" };
  }
  if (result.expired) return { ok: false, reason: "expired" };
  if (!result.verified) return { ok: false, reason: "invalid" };
  // The signature covers every parameter, nonce included.
  return { ok: true, claim: { signatureHash: createHash("sha256").update(challenge.signature).digest(), expiresAt } };
}

/** Records a checked proof as used, on this server and every other: false if it was used before. */
export async function spendProof(claim: ProofClaim): Promise<boolean> {
  const inserted = await getDb().$executeRaw`
    INSERT INTO "challenge_solutions" ("signatureHash", "expiresAt")
    VALUES (${claim.signatureHash}, ${claim.expiresAt})
    ON CONFLICT ("signatureHash") DO NOTHING`;
  return inserted === 1;
}

/**
 * Checks a solved challenge from the form and uses it up: well formed, signed by us, not expired, solved,
 * and never accepted before. An accepted one is recorded (a hash of its signature, in the database), so
 * sending it again fails on this server and every other.
 */
export async function verifyProof(payload: string | null | undefined, now = new Date()): Promise<ProofResult> {
  const checked = await checkProof(payload, now);
  if (!checked.ok) return checked;
  return (await spendProof(checked.claim)) ? { ok: true } : { ok: false, reason: "replayed" };
}

/** The solved challenge a request body carries in its CHALLENGE_FIELD, whatever it is (signupProofHold judges it). */
export function proofOf(body: unknown): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[CHALLENGE_FIELD] : undefined;
}

const checkPayload = (payload: unknown, now: Date) =>
  payload === undefined || payload === null || typeof payload === "string"
    ? checkProof(payload, now)
    : Promise.resolve({ ok: false, reason: "malformed" } as const);

/**
 * What the site does with a request for a new link's proof, as SIGNUP_CHALLENGE says: null when it goes
 * ahead as usual (the proof is used up), or the reason to send nothing. "require" refuses an unproven one
 * outright (400); "off" checks nothing, and records nothing either.
 */
export async function signupProofHold(payload: unknown, now = new Date()): Promise<ProofFailure | null> {
  const { heldReason, claim } = await signupProof(payload, now);
  if (heldReason || !claim) return heldReason;
  return (await spendProof(claim)) ? null : "replayed";
}

/**
 * Whether SIGNUP_CHALLENGE would hold a signup with this proof, judged without using it up or writing anything
 * (for an answer that must look like a real signup's without being one).
 */
export async function proofWouldHold(payload: unknown, now = new Date()): Promise<boolean> {
  if (env().SIGNUP_CHALLENGE !== "hold") return false;
  return !(await checkPayload(payload, now)).ok;
}

/** Whether checking a signup's proof (signupProof) already uses it up: SIGNUP_CHALLENGE "require". */
export function signupProofSpentWhenChecked(): boolean {
  return env().SIGNUP_CHALLENGE === "require";
}

/**
 * A signup's proof, as SIGNUP_CHALLENGE says: the reason to hold the signup, or the checked proof for the
 * signup's own database call to use up (one round trip and one commit fewer on the busiest path; a replay
 * found there holds the signup). "require" refuses an unproven signup outright (400), recording the use
 * here, as a refusal must come before the signup is written; "off" checks and records nothing.
 */
export async function signupProof(
  payload: unknown,
  now = new Date(),
): Promise<{ heldReason: ProofFailure | null; claim?: ProofClaim }> {
  const mode = env().SIGNUP_CHALLENGE;
  if (mode === "off") return { heldReason: null };
  const checked = await checkPayload(payload, now);
  if (mode === "require") {
    if (!checked.ok || !(await spendProof(checked.claim))) throw new HttpError(400, CHALLENGE_REQUIRED_MESSAGE);
    return { heldReason: null };
  }
  return checked.ok ? { heldReason: null, claim: checked.claim } : { heldReason: checked.reason };
}

/** Forgets accepted challenges past their expiry (they are refused as expired by then); returns how many went. */
export async function pruneChallengeSolutions(now = new Date()): Promise<number> {
  return (await getDb().challengeSolution.deleteMany({ where: { expiresAt: { lt: now } } })).count;
}
