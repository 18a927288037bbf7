import type { Metadata } from "next";

import { AdminUsersPage } from "@/components/admin/admin-users-page";

export const metadata: Metadata = { title: "Admin Users" };

export default function AdminUsersRoute() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Users</h1>
        <p className="text-sm text-muted-foreground">Everyone who can sign in to the admin area. Deactivated admins cannot sign in.</p>
      </div>
      <AdminUsersPage />
    </div>
  );
}
