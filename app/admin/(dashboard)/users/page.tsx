import type { Metadata } from "next";

import { PageHeader } from "@/components/admin/kit/page-header";
import { readSection, SectionLoader } from "@/components/admin/kit/section";
import type { AdminListItem } from "@/components/admin/users/admin-users";
import { AdminUsersPage } from "@/components/admin/users/admin-users-page";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan, roleRefusal } from "@/lib/auth/roles";
import { listAdmins } from "@/lib/data/admins";
import { adminsWithSecondFactor } from "@/lib/data/second-factor";

export const metadata: Metadata = { title: "Admin Users" };

async function AdminUsers() {
  const admin = await requireCurrentAdmin();
  // A member or viewer has no link here; one who comes anyway is told why there is nothing to manage.
  if (!roleCan(admin.role, "admins"))
    return (
      <p role="note" className="rounded-lg border bg-card px-4 py-3 text-sm">
        {roleRefusal(admin.role, "admins")}
      </p>
    );
  const admins: AdminListItem[] | null = await readSection("the admin list", async () => {
    const rows = await listAdmins(admin);
    const enrolled = await adminsWithSecondFactor(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), secondFactor: enrolled.has(row.id) }));
  });
  return <AdminUsersPage admins={admins} currentAdminId={admin.id} />;
}

export default function AdminUsersRoute() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Admin Users"
        description="Everyone who can sign in to the admin area. Deactivated admins cannot sign in."
      />
      <SectionLoader text="Loading admins...">
        <AdminUsers />
      </SectionLoader>
    </div>
  );
}
