import type { Metadata } from "next";

import { AdminShell } from "@/components/admin/admin-shell";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { emailConfigured } from "@/lib/email/transport";

export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

/**
 * Every signed-in admin page: the session is checked here, once, on the server (pages asking again get
 * the same answer from the request's cache); without one the visitor is sent to the login page.
 */
export default async function AdminDashboardLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireCurrentAdmin();
  return (
    <AdminShell name={admin.name} email={admin.email} emailConfigured={emailConfigured()}>
      {children}
    </AdminShell>
  );
}
