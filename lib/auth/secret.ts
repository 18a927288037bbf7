import { hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const SECRET_FILE = path.join(process.cwd(), ".data", "auth-secret");

/**
 * The key that signs and encrypts session cookies: AUTH_SECRET, or in development a random one made
 * once and kept in .data/auth-secret so sessions survive restarts.
 */
export function getAuthSecret(): string {
  const fromEnv = process.env.AUTH_SECRET?.trim();
  if (fromEnv) return fromEnv;
  if (process.env.NODE_ENV === "production") {
    throw new Error("AUTH_SECRET is required in production (generate one with `openssl rand -base64 32`).");
  }
  try {
    const stored = readFileSync(SECRET_FILE, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not made yet
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  writeFileSync(SECRET_FILE, secret, { mode: 0o600 });
  return secret;
}

const derivedKeys = new Map<string, { secret: string; key: Buffer }>();

/**
 * A 32-byte key for one purpose, derived from AUTH_SECRET with HKDF under that purpose's own label, so no two
 * features share a key. Made again if AUTH_SECRET changes.
 */
export function authSecretKey(label: string): Buffer {
  const secret = getAuthSecret();
  const cached = derivedKeys.get(label);
  if (cached?.secret === secret) return cached.key;
  const key = Buffer.from(hkdfSync("sha256", secret, "", label, 32));
  derivedKeys.set(label, { secret, key });
  return key;
}
