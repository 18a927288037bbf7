import { z } from "@/lib/validation/zod";

/** The form field (and JSON key) that carries the solved challenge, as the ALTCHA widget names it. */
export const CHALLENGE_FIELD = "altcha";

/** How long a challenge may be solved and sent: longer than anyone takes over the form, short for a stockpile. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Longest payload accepted. A solved challenge is a few hundred characters of base64 (the challenge's
 * parameters, its signature and the solution); this leaves room for the widget to add a field or two while
 * keeping a hostile body from costing more than a glance.
 */
export const CHALLENGE_PAYLOAD_MAX_LENGTH = 4096;

/** The solved challenge as the widget sends it: base64 of a JSON object, checked in full by verifyProof. */
export const challengePayloadSchema = z
  .string()
  .trim()
  .min(1, "Please wait for the check to finish.")
  .max(CHALLENGE_PAYLOAD_MAX_LENGTH, "The check's answer is too long.")
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, "The check's answer is not valid.");

/** Why a proof of work was not accepted: it is also why a signup without one is held (heldReason). */
export const PROOF_FAILURES = ["missing", "malformed", "invalid", "expired", "replayed"] as const;
export type ProofFailure = (typeof PROOF_FAILURES)[number];

/** A held entry's reason as the team reads it: what the signup lacked, and the usual way that happens. */
const HELD_REASON_LABELS: Record<ProofFailure, string> = {
  missing: "Sent without the form's background check (a browser with JavaScript off, or a script)",
  malformed: "The form's background check came back garbled",
  invalid: "The form's background check came back with a wrong answer",
  expired: "The form's background check had expired (the page was open for over 10 minutes)",
  replayed: "The form's background check had already been used for another signup",
};

/** Each reason a signup is held, with its words: the export writes them beside the code. */
export const HELD_REASON_OPTIONS = PROOF_FAILURES.map((value) => ({ value, label: HELD_REASON_LABELS[value] }));

/**
 * The same reasons in a few words, for the list's rows and the team's emails: enough to tell a person whose
 * browser runs no JavaScript (release them) from a check that was garbled, wrong or reused (most likely a script).
 */
const HELD_REASON_SHORT: Record<ProofFailure, string> = {
  missing: "No check: JavaScript off, or a script",
  malformed: "Garbled check",
  invalid: "Wrong answer to the check",
  expired: "Check expired",
  replayed: "Check already used",
};

/** A held entry's reason in a few words; an unknown one is shown as it is. */
export function heldReasonShort(reason: string | null | undefined): string {
  if (!reason) return "";
  return (HELD_REASON_SHORT as Record<string, string | undefined>)[reason] ?? reason;
}

/** The label of a held entry's reason; an unknown one (written by a later version) is shown as it is. */
export function heldReasonLabel(reason: string | null | undefined): string {
  if (!reason) return "";
  return (HELD_REASON_LABELS as Record<string, string | undefined>)[reason] ?? reason;
}

/**
 * The answer to a signup or a request for a new link without a valid proof when the site requires one
 * (SIGNUP_CHALLENGE=require): the page that sent it is old or its script did not run, and a reload fixes both.
 */
export const CHALLENGE_REQUIRED_MESSAGE =
  "We couldn't check that this came from our signup form. Please reload the page and try again.";
