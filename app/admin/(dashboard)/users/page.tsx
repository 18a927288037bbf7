import { Suspense } from "react";
import type { Metadata } from "next";

import type { AdminListItem } from "@/components/admin/admin-users";
import { AdminUsersPage } from "@/components/admin/admin-users-page";
import { LoadingStatus } from "@/components/admin/load-states";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { listAdmins } from "@/lib/data/admins";

export const metadata: Metadata = { title: "Admin Users" };

async function AdminUsers() {
  const admin = await requireCurrentAdmin();
  let admins: AdminListItem[] | null;
  try {
    admins = (await listAdmins(admin)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  } catch (error) {
    console.error("[admin] the admin list could not be read:", error);
    admins = null;
  }
  return <AdminUsersPage admins={admins} currentAdminId={admin.id} />;
}

export default function AdminUsersRoute() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Users</h1>
        <p className="text-sm text-muted-foreground">Everyone who can sign in to the admin area. Deactivated admins cannot sign in.</p>
      </div>
      <Suspense fallback={<LoadingStatus text="Loading admins..." />}>
        <AdminUsers />
      </Suspense>
    </div>
  );
}
