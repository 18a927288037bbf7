import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { Prisma } from "@/lib/generated/prisma/client";

/** What a token may be used for: a link does one thing only. */
export type TokenPurpose = "confirm" | "leave" | "accept" | "status";

/** Confirmation links work for seven days. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The SHA-256 of a token, as stored: the table alone opens nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * The same hash in SQL, for tokens the database makes itself (a batch of invitations): hex SHA-256 of the
 * token's UTF-8 bytes, so a link finds its row whichever side made it.
 */
export function hashTokenSql(token: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`;
}

/**
 * The status page's token of an entry that confirmed with `confirmToken`: derived from it (SHA-256, base64url,
 * the shape of our own tokens), so the confirmation page can link to the status page whenever it is opened
 * without storing the token anywhere in clear. Only whoever holds the confirmation link can work it out.
 */
export function statusTokenOf(confirmToken: string): string {
  return createHash("sha256").update(`status:${confirmToken}`, "utf8").digest("base64url");
}

/** A new token for a link: 32 random bytes in base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A new token made by the database, for a batch too large to make in a request: 64 hex digits from two
 * random UUIDs.
 */
export const NEW_TOKEN_SQL = Prisma.sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

/**
 * A token as it travels in a link: 32 random bytes in base64url (made here), or 64 hex digits (two random
 * UUIDs, made by the database for a batch of invitations).
 */
const TOKEN_PATTERN = /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{64})$/;

/** Whether a link's token has one of the two shapes we make; anything else is refused before a lookup. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}
