import "server-only";

import { createHash, randomInt } from "node:crypto";

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

/** What is stored of a code: its SHA-256 (each code is random enough that no key is needed). Spaces, dashes and case are ignored. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(`otto-recovery:${normal}`).digest("hex");
}
