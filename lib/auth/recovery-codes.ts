import "server-only";

import { createHmac, randomInt } from "node:crypto";

import { authSecretKey } from "@/lib/auth/secret";

/** How many recovery codes an admin gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: a code copied from paper is read back without doubt. 10 characters of 31: about 50 bits.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A new recovery code, as it is shown: `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set of recovery codes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

// Keyed, with a label of its own: a copy of the database alone is not enough to try every possible code against
// every admin's hashes at once (about 50 bits each is within reach of a GPU for a plain hash).
const KEY_LABEL = "otto admin recovery codes v1";
const hashKey = () => authSecretKey(KEY_LABEL);

/** What is stored of a code: its HMAC-SHA-256 under a key derived from AUTH_SECRET. Spaces, dashes and case are ignored. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, "");
  return createHmac("sha256", hashKey()).update(normal).digest("hex");
}
