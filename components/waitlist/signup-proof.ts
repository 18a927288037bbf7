"use client";

import { CHALLENGE_TTL_MS } from "@/lib/validation/challenge";

/**
 * The signup's proof of work, worked out in the background: the form starts it when it first gets focus, so
 * by the time the visitor presses the button it is usually ready and nobody waits or clicks. The solver is
 * the `altcha` widget's own (its lib build), imported only then, so not even the form's island carries it
 * until someone starts filling the form in.
 *
 * A proof that could not be worked out (no network, no Web Crypto) is not an error: the signup goes without
 * one and the server holds it for review, which loses nothing.
 */
export interface SignupProof {
  /** Starts working out a proof, if none is ready or under way. */
  start(): void;
  /**
   * The proof for one request, or undefined if none could be had. Each is accepted once, so the next start()
   * (the visitor back in the form after a refusal) works out a new one.
   */
  take(): Promise<string | undefined>;
}

// A proof older than this is worked out again before it is sent: the server refuses an expired challenge.
const FRESH_FOR_MS = CHALLENGE_TTL_MS - 60_000;

// The longest a signup waits for its proof once the button is pressed (a stalled connection, a very slow
// phone): past it the signup goes without one, and is held rather than left spinning.
const WAIT_AT_MOST_MS = 10_000;

async function solve(): Promise<string | undefined> {
  try {
    const [{ solveChallenge, sha }, response] = await Promise.all([
      import("altcha/lib"),
      fetch("/api/waitlist/challenge", {
        cache: "no-store",
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(WAIT_AT_MOST_MS),
      }),
    ]);
    if (!response.ok) return undefined;
    const challenge = await response.json();
    const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey });
    if (!solution) return undefined;
    // The payload as the widget posts it: base64 of the challenge and its solution.
    return btoa(JSON.stringify({ challenge, solution }));
  } catch {
    return undefined;
  }
}

/** One form's proofs: at most one being worked out at a time, a new one after each is taken. */
export function signupProof(now: () => number = Date.now): SignupProof {
  let pending: { startedAt: number; proof: Promise<string | undefined> } | null = null;
  const start = () => {
    if (pending && now() - pending.startedAt < FRESH_FOR_MS) return;
    pending = { startedAt: now(), proof: solve() };
  };
  return {
    start,
    async take() {
      start();
      let timer: number | undefined;
      const givenUp = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, WAIT_AT_MOST_MS)));
      const proof = await Promise.race([pending!.proof, givenUp]);
      window.clearTimeout(timer);
      pending = null;
      return proof;
    },
  };
}
