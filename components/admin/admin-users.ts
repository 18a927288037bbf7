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

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long" });

/** A timestamp in the spec's long date format, e.g. "3 March 2026". */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
}

/** Admins whose name or email contains the query, ignoring case and surrounding spaces. */
export function filterAdmins(admins: AdminListItem[], query: string): AdminListItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return admins;
  return admins.filter((admin) => admin.name.toLowerCase().includes(needle) || admin.email.toLowerCase().includes(needle));
}
