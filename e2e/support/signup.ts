import { expect, type APIRequestContext } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

import { freshClientAddress } from "@/e2e/support/client-address";

/**
 * A solved proof of work, as an API client makes one (the example in docs/architecture.md): a challenge from the site,
 * solved with altcha-lib, sent base64-encoded in the signup's `altcha` field. `base` picks another server.
 */
export async function solvedProof(request: APIRequestContext, base = ""): Promise<string> {
  const response = await request.get(`${base}/api/waitlist/challenge`);
  expect(response.status()).toBe(200);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/**
 * Signs up through the API with a proof, from a fresh client address unless headers name one: a signup that
 * behaves as a person's through the form (emailed, counted). A signup without a proof is held for review.
 */
export async function signUpWithProof(
  request: APIRequestContext,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return request.post("/api/waitlist", {
    headers: { "X-Forwarded-For": freshClientAddress(), ...headers },
    data: { ...data, altcha: await solvedProof(request) },
  });
}
