import "server-only";

import { createHash } from "node:crypto";

/** What a token may be used for: a link does one thing only. */
export type TokenPurpose = "confirm" | "leave" | "accept";

/** Confirmation links work for seven days. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The SHA-256 of a token, as stored: the table alone opens nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * A token as it travels in a link: 32 random bytes in base64url (a signup's links, made in lib/data/waitlist.ts),
 * or 64 hex digits (two random UUIDs, made by the database for a batch of invitations).
 */
const TOKEN_PATTERN = /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{64})$/;

export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}
