import "server-only";

import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import type { CreateAdminInput } from "@/lib/validation/admin";

/** The columns of an admin that may leave the server: never the password hash. */
export const publicAdminSelect = { id: true, name: true, email: true, isActive: true, createdAt: true } as const;

export interface PublicAdmin {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: Date;
}

/** The admin a valid session belongs to, if they are still active and the session is still current. */
export async function findSessionAdmin(adminId: number, sessionVersion: number): Promise<PublicAdmin | null> {
  const admin = await getDb().adminUser.findUnique({
    where: { id: adminId },
    select: { ...publicAdminSelect, sessionVersion: true },
  });
  if (!admin || !admin.isActive || admin.sessionVersion !== sessionVersion) return null;
  const { sessionVersion: _version, ...rest } = admin;
  return rest;
}

/**
 * Checks an email and password. Returns the admin with their session version when both match and the
 * account is active; null otherwise, after the same bcrypt work whatever the reason.
 */
export async function verifyAdminCredentials(
  email: string,
  password: string,
): Promise<(PublicAdmin & { sessionVersion: number }) | null> {
  const admin = await getDb().adminUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...publicAdminSelect, sessionVersion: true, password: true },
  });
  const matches = await verifyPassword(password, admin?.password);
  if (!admin || !matches || !admin.isActive) return null;
  const { password: _hash, ...rest } = admin;
  return rest;
}

/** How many admin accounts exist. */
export function countAdmins(): Promise<number> {
  return getDb().adminUser.count();
}

/** Creates an admin with a hashed password; throws Prisma's P2002 when the email is taken. */
export async function createAdmin(input: CreateAdminInput): Promise<PublicAdmin> {
  return getDb().adminUser.create({
    data: { name: input.name, email: input.email.toLowerCase(), password: await hashPassword(input.password) },
    select: publicAdminSelect,
  });
}

/** Creates the admin, or for an existing email sets a new name and password and reactivates it. */
export async function upsertAdmin(input: CreateAdminInput): Promise<{ admin: PublicAdmin; created: boolean }> {
  const email = input.email.toLowerCase();
  const password = await hashPassword(input.password);
  const existing = await getDb().adminUser.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    const admin = await getDb().adminUser.update({
      where: { id: existing.id },
      data: { name: input.name, password, isActive: true, sessionVersion: { increment: 1 } },
      select: publicAdminSelect,
    });
    return { admin, created: false };
  }
  const admin = await getDb().adminUser.create({ data: { name: input.name, email, password }, select: publicAdminSelect });
  return { admin, created: true };
}
