import Link from "next/link";

import { AdminAccount, AdminNavLinks, MobileMenu } from "@/components/admin/shell/admin-nav";
import { AdminRoleProvider } from "@/components/admin/shell/role-context";
import { BrowserErrorReporter } from "@/components/errors/browser-error-reporter";
import { siteConfig } from "@/config/site";
import type { AdminRole } from "@/lib/auth/roles";

function Brand() {
  return (
    <Link
      href="/admin"
      className="rounded-md px-3 text-lg font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {siteConfig.name} <span className="font-normal text-muted-foreground">Admin</span>
    </Link>
  );
}

/**
 * The frame of every signed-in admin page: the sidebar (or, on narrow screens, a header with a menu) with
 * the admin's name and email and Sign Out, around the page. The layout checks the session before this
 * renders, so it always has an admin to show.
 */
export function AdminShell({
  name,
  email,
  emailConfigured = true,
  heldCount = 0,
  role = "admin",
  children,
}: {
  name: string;
  email: string;
  /** False when SMTP_URL is unset: every page says that no email goes out. */
  emailConfigured?: boolean;
  /** Signups held for review: a badge on the list's link while there are any. */
  heldCount?: number;
  /** The signed-in admin's role: the links and controls below show only what it can use. */
  role?: AdminRole;
  children: React.ReactNode;
}) {
  return (
    <AdminRoleProvider role={role}>
      <BrowserErrorReporter />
      <div className="min-h-dvh bg-muted/30 md:flex">
        <a
          href="#admin-main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-background px-2 md:hidden">
          <Brand />
          <MobileMenu name={name} email={email} heldCount={heldCount} />
        </header>
        <aside className="hidden md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:gap-6 md:border-r md:bg-background md:p-4">
          <div className="pt-2">
            <Brand />
          </div>
          <nav aria-label="Admin" className="flex-1">
            <AdminNavLinks heldCount={heldCount} />
          </nav>
          <AdminAccount name={name} email={email} />
        </aside>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {emailConfigured ? null : (
            <p
              role="note"
              className="mx-auto mb-6 max-w-6xl rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-sm"
            >
              <strong className="font-semibold">Email is not configured.</strong> Confirmation emails wait in the outbox
              and are not sent. Set <code>SMTP_URL</code> and <code>EMAIL_FROM</code> to send them.
            </p>
          )}
          {children}
        </main>
      </div>
    </AdminRoleProvider>
  );
}
