// Proofs of work for benches that sign up through the app, as the signup form sends them.
import { createChallenge, randomInt, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/**
 * Solved proofs of work for the app's signups, one each (a proof is accepted once), made as the server makes
 * its challenges (lib/challenge/altcha.ts: SHA-256, one round, signed with the server's key) but with a
 * counter of at most 10, so making them costs the bench nothing: the server's cost to verify one is the same
 * whatever the difficulty (one hash and one signature, and the row that stops it being used again).
 */
export async function solvedProofs(count, secret) {
  const proofs = [];
  for (let index = 0; index < count; index++) {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: randomInt(10),
      deriveKey,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      hmacSignatureSecret: secret,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    proofs.push(Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"));
  }
  return proofs;
}
