import type { Metadata } from "next";

import { AdminShell } from "@/components/admin/shell/admin-shell";
import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { countHeldEntries } from "@/lib/data/waitlist/held";
import { emailConfigured } from "@/lib/email/transport";

export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

/** How many signups wait for review, for the sidebar's badge; none shown if it cannot be read (the page still works). */
async function heldCount(): Promise<number> {
  try {
    return await countHeldEntries();
  } catch (error) {
    console.error("[admin] the held signups could not be counted:", error);
    return 0;
  }
}

/**
 * Every signed-in admin page: the session is checked here, once, on the server (pages asking again get
 * the same answer from the request's cache); without one the visitor is sent to the login page. Only then
 * is the number of signups held for review read, for the sidebar.
 */
export default async function AdminDashboardLayout({ children }: { children: React.ReactNode }) {
  const admin = await requireCurrentAdmin();
  return (
    <AdminShell
      name={admin.name}
      email={admin.email}
      role={admin.role}
      emailConfigured={emailConfigured()}
      heldCount={await heldCount()}
    >
      {children}
    </AdminShell>
  );
}
