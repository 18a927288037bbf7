import { z } from "@/lib/validation/zod";

/** The form field (and JSON key) that carries the solved challenge, as the ALTCHA widget names it. */
export const CHALLENGE_FIELD = "altcha";

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
