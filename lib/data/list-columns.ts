import "server-only";

import { assertVerifiedAdmin, type VerifiedAdmin } from "@/lib/auth/verified";
import { knownHiddenColumns, type WaitlistColumnKey } from "@/lib/data/waitlist/columns";
import { getDb } from "@/lib/db";

/** The waiting list's columns the signed-in admin hid (none by default). */
export async function getHiddenListColumns(actor: VerifiedAdmin): Promise<WaitlistColumnKey[]> {
  assertVerifiedAdmin(actor);
  const admin = await getDb().adminUser.findUnique({ where: { id: actor.id }, select: { hiddenListColumns: true } });
  return knownHiddenColumns(admin?.hiddenListColumns ?? []);
}

/**
 * Sets which columns the signed-in admin hides; only their own (nobody sets another admin's). Not in the audit
 * log: it changes how one person's list looks, not what anyone may see or do.
 */
export async function setHiddenListColumns(actor: VerifiedAdmin, hidden: readonly WaitlistColumnKey[]): Promise<void> {
  assertVerifiedAdmin(actor);
  await getDb().adminUser.update({ where: { id: actor.id }, data: { hiddenListColumns: [...hidden] } });
}
