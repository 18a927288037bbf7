import type { AdminRole } from "@/lib/auth/roles";

/** One admin as the admin list (the users API's GET) gives it. */
export interface AdminListItem {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: string;
  role: AdminRole;
  /** Whether they have a passkey or an authenticator app (the page offers to reset it). */
  secondFactor?: boolean;
}

/**
 * The id of the only active admin with full rights, when there is exactly one: they can be neither narrowed
 * nor deactivated, so the page offers neither. Null when two or more share the load.
 */
export function onlyFullAdminId(admins: AdminListItem[]): number | null {
  const full = admins.filter((admin) => admin.isActive && admin.role === "admin");
  return full.length === 1 ? full[0]!.id : null;
}

/**
 * Why this admin cannot be deactivated, by the server's two rules, or null when they can: the last active
 * admin (nobody could sign in), or the last active admin with full rights (nobody could manage admins). The
 * page says this in place of the Deactivate button rather than refusing after the dialog is confirmed.
 */
export function deactivationRefusal(admin: AdminListItem, admins: AdminListItem[]): string | null {
  if (!admin.isActive) return null;
  const active = admins.filter((other) => other.isActive);
  if (active.length <= 1) return "The last active admin: activate or add another admin before deactivating this one.";
  if (admin.id === onlyFullAdminId(admins)) return "Add another admin before deactivating this one.";
  return null;
}

/** Admins whose name or email contains the query, ignoring case and surrounding spaces. */
export function filterAdmins(admins: AdminListItem[], query: string): AdminListItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return admins;
  return admins.filter(
    (admin) => admin.name.toLowerCase().includes(needle) || admin.email.toLowerCase().includes(needle),
  );
}
