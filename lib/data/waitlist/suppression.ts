import "server-only";

import { createHmac, hkdfSync } from "node:crypto";

import { getAuthSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";

// The suppression list: people who left (their leave link) or whom an admin deleted with "never import
// again". An import skips any row whose address is on it. Only a keyed hash of the address is kept, so the
// list holds nothing that names anyone: without the server's key, a hash cannot even be checked against a
// guessed address.

const KEY_LABEL = "otto/import-suppression/v1";
let key: { secret: string; key: Buffer } | undefined;

/**
 * SUPPRESSION_SECRET, else a key derived from AUTH_SECRET. The hashes only match under the key they were
 * made with: a deployment that may rotate AUTH_SECRET sets SUPPRESSION_SECRET once and keeps it.
 */
function suppressionKey(): Buffer {
  const secret = env().SUPPRESSION_SECRET ?? getAuthSecret();
  if (key?.secret !== secret) key = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", KEY_LABEL, 32)) };
  return key.key;
}

/**
 * An address as one mailbox for the suppression list: lower-case, and for Gmail (which ignores dots and anything
 * after a +) the bare local part at gmail.com. Someone who left as a.nn@gmail.com is not brought back as
 * ann@gmail.com. Kept as it is, while the referral rule's "waitlist_normalised_email" also drops a +tag at
 * other providers: every hash on the list was made from this form, and a changed form would stop matching them.
 */
export function normalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  const local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    return `${local.split("+")[0]!.replaceAll(".", "")}@gmail.com`;
  }
  return lower;
}

/** The suppression list's key for an address: HMAC-SHA256 of its normalised form, as hex. */
export function suppressionHash(email: string): string {
  return createHmac("sha256", suppressionKey()).update(normalisedEmail(email)).digest("hex");
}

/**
 * A statement part that adds an address's hash to the suppression list when `erased` (a CTE of the same
 * statement) deleted a row: for the erasing statements, so the address is suppressed exactly when it goes.
 */
export function suppressErasedSql(email: string): Prisma.Sql {
  return Prisma.sql`INSERT INTO "waitlist_suppressions" ("hash")
    SELECT ${suppressionHash(email)} WHERE EXISTS (SELECT 1 FROM erased) ON CONFLICT ("hash") DO NOTHING`;
}
