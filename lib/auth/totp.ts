import "server-only";

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

import { siteConfig } from "@/config/site";
import { authSecretKey } from "@/lib/auth/secret";

// Authenticator apps (RFC 6238) as every common app expects them: SHA-1, six digits, a new code every 30
// seconds. A code one step early or late is still accepted, for a phone whose clock has drifted.
const ALGORITHM = "SHA1";
const DIGITS = 6;
const PERIOD = 30;
const WINDOW = 1;

// Its own label, so this key is never the one that seals cookies or keys another feature's hashes.
const KEY_LABEL = "otto admin authenticator app secrets v1";
const secretKey = () => authSecretKey(KEY_LABEL);

/** The app's secret as stored: AES-256-GCM, `iv.tag.ciphertext` in base64url. */
export function encryptTotpSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

/** The stored secret read back; null when it was sealed under another AUTH_SECRET or has been altered. */
export function decryptTotpSecret(stored: string): string | null {
  const [iv, tag, ciphertext] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", secretKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(base32: string, label = "admin") {
  return new TOTP({
    issuer: siteConfig.name,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/**
 * The time step of the code typed, when it is valid now (one step of drift either way), else null. The
 * caller accepts it only when the step is later than the last one accepted, so a code works once.
 */
export function totpStepOf(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(base32).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** The `otpauth://` address an app reads from the QR code. */
export function totpUri(base32: string, email: string): string {
  return totpFor(base32, email).toString();
}

/** The QR code of the app's address, as SVG made on the server (no script draws it). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupSecret(base32: string): string {
  return base32.replace(/(.{4})(?=.)/g, "$1 ");
}
