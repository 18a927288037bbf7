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
 * An address as one mailbox: lower-case, without a +tag (every provider that has tags delivers ann+x@ to ann@),
 * and for Gmail, which alone also ignores dots, the bare local part at gmail.com: a.nn+x@googlemail.com and
 * ann@gmail.com are one person, while a.nn@outlook.com and ann@outlook.com are two. The one rule for "the
 * same person's address written another way": someone who left as ann@example.com is not brought back as
 * ann+news@example.com, and nobody earns a referral credit for their own address. The referral rule applies it
 * in SQL, as "waitlist_normalised_email" (prisma/sql/functions/waitlist_line.sql), which a test holds to this.
 */
export function normalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  const local = lower.slice(0, at).split("+")[0]!;
  const domain = lower.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}

const hmacOf = (text: string) => createHmac("sha256", suppressionKey()).update(text).digest("hex");

/** The suppression list's key for an address, as it is written: HMAC-SHA256 of its normalised form, as hex. */
export function suppressionHash(email: string): string {
  return hmacOf(normalisedEmail(email));
}

/**
 * Every key that suppresses an address: the one written today, and the one an earlier version wrote, when the
 * list kept a +tag at providers other than Gmail (the address lower-cased). Hashes cannot be worked out again,
 * so an address that left under that form is matched by it for good.
 */
export function suppressionHashes(email: string): [current: string, earlier: string] {
  const current = suppressionHash(email);
  const lower = email.trim().toLowerCase();
  const domain = lower.slice(lower.lastIndexOf("@") + 1);
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return [current, gmail ? current : hmacOf(lower)];
}

/**
 * A statement part that adds an address's hash to the suppression list when `erased` (a CTE of the same
 * statement) deleted a row: for the erasing statements, so the address is suppressed exactly when it goes.
 */
export function suppressErasedSql(email: string): Prisma.Sql {
  return Prisma.sql`INSERT INTO "waitlist_suppressions" ("hash")
    SELECT ${suppressionHash(email)} WHERE EXISTS (SELECT 1 FROM erased) ON CONFLICT ("hash") DO NOTHING`;
}
