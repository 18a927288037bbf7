import bcrypt from "bcryptjs";

import { PASSWORD_MAX_BYTES, utf8ByteLength } from "@/lib/validation/admin";

/** bcrypt cost factor: 2^12 rounds, slow enough to make guessing expensive, quick enough for a login to feel prompt. */
export const BCRYPT_COST = 12;

/** bcrypt reads only this many bytes of a password and silently ignores the rest. */
export const BCRYPT_MAX_BYTES = PASSWORD_MAX_BYTES;

/** True when bcrypt would see all of the password. */
export function fitsBcrypt(password: string): boolean {
  return utf8ByteLength(password) <= BCRYPT_MAX_BYTES;
}

/** Hashes a password with bcrypt; refuses one longer than bcrypt can read rather than truncating it. */
export function hashPassword(password: string): Promise<string> {
  if (!fitsBcrypt(password)) {
    return Promise.reject(
      new RangeError(`Passwords longer than ${BCRYPT_MAX_BYTES} bytes cannot be hashed without truncation.`),
    );
  }
  return bcrypt.hash(password, BCRYPT_COST);
}

// A real hash of a random password, so an unknown email costs the same time as a wrong password.
const DUMMY_HASH = "$2b$12$FNm0UH2PM0jAdHFSOdwuWe4RnIQoUOaOsxWL9bFbh7oBcLb1nJotS";

/**
 * Compares a password with a hash, or with a dummy hash when there is none, in the same time.
 * A password over 72 bytes never matches: bcrypt would compare only its first 72 bytes, so
 * "stored password + anything" would otherwise be accepted.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const acceptable = fitsBcrypt(password) && !!hash;
  const matches = await bcrypt.compare(password, acceptable ? hash : DUMMY_HASH);
  return matches && acceptable;
}
