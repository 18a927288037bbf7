import bcrypt from "bcryptjs";

/** bcrypt cost factor: 2^12 rounds, about 250 ms on a server core. */
export const BCRYPT_COST = 12;

/** Hashes a password with bcrypt. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// A real hash of a random password, so an unknown email costs the same time as a wrong password.
const DUMMY_HASH = "$2b$12$FNm0UH2PM0jAdHFSOdwuWe4RnIQoUOaOsxWL9bFbh7oBcLb1nJotS";

/** Compares a password with a hash, or with a dummy hash when there is none, in the same time. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return matches && !!hash;
}
