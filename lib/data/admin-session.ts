import "server-only";

import { getDb } from "@/lib/db";

// What a session check needs from the admin table. It sits apart from lib/data/admins.ts because
// lib/auth/verified.ts (the session check) uses it and lib/data/admins.ts uses lib/auth/verified.ts:
// keeping them in one file would make an import cycle.

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
