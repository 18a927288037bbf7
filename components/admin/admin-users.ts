/** The URL (and query key) of the admin list. */
export const ADMIN_USERS_URL = "/api/admin/users";

/** One admin as GET /api/admin/users lists it. */
export interface AdminListItem {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  createdAt: string;
}

/** Admins whose name or email contains the query, ignoring case and surrounding spaces. */
export function filterAdmins(admins: AdminListItem[], query: string): AdminListItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return admins;
  return admins.filter(
    (admin) => admin.name.toLowerCase().includes(needle) || admin.email.toLowerCase().includes(needle),
  );
}
