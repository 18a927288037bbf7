import { ADMIN_ROLES } from "@/lib/auth/roles";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const NAME_MESSAGE = "Name must be at least 2 characters";
export const PASSWORD_MESSAGE = "Password must be at least 8 characters";
export const PASSWORD_MAX_LENGTH = 128;
/** bcrypt reads only the first 72 bytes of a password; longer ones are refused, never truncated. */
export const PASSWORD_MAX_BYTES = 72;

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .refine(hasNoControlCharacters, { message: `Email ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
  .max(254, { message: "Email must be at most 254 characters" })
  .pipe(z.email({ message: EMAIL_MESSAGE }))
  .transform((email) => email.toLowerCase());

export const nameSchema = z
  .string({ error: NAME_MESSAGE })
  .trim()
  .refine(hasNoControlCharacters, { message: `Name ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
  .min(2, { message: NAME_MESSAGE })
  .max(100, { message: "Name must be at most 100 characters" });

/** UTF-8 length of a string, as bcrypt counts it (no TextEncoder, so it runs in every environment). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A new password: 8 to 128 characters and at most 72 bytes, so bcrypt sees all of it. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .refine(hasNoControlCharacters, { message: `Password ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
  .min(8, { message: PASSWORD_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine((password) => utf8ByteLength(password) <= PASSWORD_MAX_BYTES, {
    message: `Password is too long: use at most ${PASSWORD_MAX_BYTES} bytes (fewer characters if it has accents or emoji)`,
  });

/** Admin sign-in. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: PASSWORD_MESSAGE })
    .refine(hasNoControlCharacters, { message: `Password ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
    .min(8, { message: PASSWORD_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The password given again, before a change to how the admin signs in. */
export const confirmPasswordSchema = loginSchema.pick({ password: true });

export const ROLE_MESSAGE = "Role must be admin, member or viewer";

/** An admin's role: one of the three, by its stored name. */
export const roleSchema = z.enum(ADMIN_ROLES, { error: ROLE_MESSAGE });

/** What POST /api/admin/users accepts: exactly these fields; without a role the new admin has full rights. */
export const createAdminSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.optional(),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** The Add Admin dialog: the API's fields plus a confirmation that never leaves the browser. */
export const addAdminFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    role: roleSchema,
  })
  .refine((values) => values.confirmPassword === values.password, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type AddAdminFormValues = z.input<typeof addAdminFormSchema>;

/** PATCH /api/admin/users/{id}/role. */
export const setRoleSchema = z.strictObject({ role: roleSchema });

/** PATCH /api/admin/users/{id}/toggle-status. */
export const toggleStatusSchema = z.strictObject({ isActive: z.boolean({ error: "isActive must be true or false" }) });

const ADMIN_ID_MESSAGE = "The admin id must be a positive whole number";

/** A positive integer id from a URL segment: plain decimal digits only (no "1e3", "0x10", " 7" or "1.0"). */
export const adminIdSchema = z
  .string({ error: ADMIN_ID_MESSAGE })
  .regex(/^[1-9][0-9]{0,9}$/, { message: ADMIN_ID_MESSAGE })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { message: ADMIN_ID_MESSAGE });

/** A session id as the Sessions list shows it: 32 random bytes in base64url (43 characters). */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "The session id is not valid");
