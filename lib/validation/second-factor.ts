import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

// The second factor's forms, shared by the pages that show them and the routes that check them.

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const RECOVERY_CODE_MESSAGE = "Enter one of your recovery codes, such as abcde-23456";

/** A code from an authenticator app: six digits (spaces a user typed are ignored). */
export const totpCodeSchema = z
  .string({ error: TOTP_CODE_MESSAGE })
  .transform((code) => code.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A recovery code: ten letters and digits, with or without its dash. */
export const recoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .trim()
  .pipe(z.string().regex(/^[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5}$/, RECOVERY_CODE_MESSAGE));

export const totpFormSchema = z.object({ code: totpCodeSchema });
export const recoveryFormSchema = z.object({ code: recoveryCodeSchema });

export const PASSKEY_NAME_MESSAGE = "Give the passkey a name of 1 to 60 characters, such as Work laptop";

export const passkeyNameSchema = z
  .string({ error: PASSKEY_NAME_MESSAGE })
  .trim()
  .refine(hasNoControlCharacters, { message: `Name ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
  .min(1, { message: PASSKEY_NAME_MESSAGE })
  .max(60, { message: PASSKEY_NAME_MESSAGE });

export const passkeyNameFormSchema = z.object({ name: passkeyNameSchema });

// What the browser's WebAuthn call returns, as @simplewebauthn/browser encodes it: checked for shape here, and
// cryptographically by @simplewebauthn/server.
const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");
const credentialBase = {
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z
      .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]))
      .max(8)
      .optional(),
    authenticatorData: b64url.optional(),
    publicKey: b64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });

/** The second step of a sign-in: one of the three ways. */
export const secondStepSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema }),
  z.object({ method: z.literal("recovery"), code: recoveryCodeSchema }),
  z.object({ method: z.literal("passkey"), response: authenticationResponseSchema }),
]);

export const passkeyIdSchema = b64url.min(16).max(1024);
