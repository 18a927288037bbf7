"use client";

import {
  ActivityIcon,
  BugIcon,
  ChartColumnIcon,
  FileUpIcon,
  ListIcon,
  Loader2Icon,
  LogOutIcon,
  MailIcon,
  MegaphoneIcon,
  MenuIcon,
  ScrollTextIcon,
  SettingsIcon,
  UsersIcon,
  XIcon,
} from "lucide-react";
import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState } from "react";

import { useAdminRole } from "@/components/admin/shell/role-context";
import { useLogout } from "@/components/admin/shell/use-logout";
import { badgeVariants } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { HELD_LIST_HREF } from "@/lib/admin-paths";
import { roleCan } from "@/lib/auth/roles";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

const NAV_ITEMS = [
  { href: "/admin/overview", label: "Overview", icon: ChartColumnIcon },
  { href: "/admin", label: "Waitlist Entries", icon: ListIcon },
  // Importing is for an admin with full rights only.
  { href: "/admin/import", label: "Import", icon: FileUpIcon, ability: "import" },
  // Only for a role that manages admins: a member or viewer is not shown the link (the page would only say so).
  { href: "/admin/users", label: "Admin Users", icon: UsersIcon, ability: "admins" },
  { href: "/admin/broadcasts", label: "Broadcasts", icon: MegaphoneIcon },
  { href: "/admin/emails", label: "Emails", icon: MailIcon },
  { href: "/admin/audit", label: "Audit Log", icon: ScrollTextIcon },
  { href: "/admin/errors", label: "Errors", icon: BugIcon },
  { href: "/admin/health", label: "Health", icon: ActivityIcon },
  { href: "/admin/settings", label: "Settings", icon: SettingsIcon },
] as const;

/**
 * A link's icon, or a spinner while the page it leads to is on its way (a slow connection, a busy server),
 * so a click never looks ignored. Inside the link: useLinkStatus reads the link it sits in.
 */
function NavLinkIcon({ icon: Icon }: { icon: (typeof NAV_ITEMS)[number]["icon"] }) {
  const { pending } = useLinkStatus();
  if (!pending) return <Icon className="size-4" aria-hidden="true" />;
  return (
    <>
      <Loader2Icon data-link-pending="" className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span className="sr-only">Loading: </span>
    </>
  );
}

/**
 * The number of signups held for review, beside the list's link: a link of its own to those entries (a
 * link cannot hold another), in words ("3 held") so nobody takes it for unread messages or new signups.
 * Nothing when none are held.
 */
export function HeldCountBadge({ count, onNavigate }: { count: number; onNavigate?: () => void }) {
  if (count <= 0) return null;
  return (
    <Link
      href={HELD_LIST_HREF}
      onClick={onNavigate}
      title="Signups held for review"
      className={cn(
        badgeVariants({ variant: "secondary" }),
        // Its own solid colours: it sits on the list's link, which is dark while it is the current page.
        "h-6 min-w-6 border-warning tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
      )}
    >
      {formatNumber(count)} held
    </Link>
  );
}

/**
 * The admin area's links; the current page is marked with aria-current. `heldCount` (read on the server
 * with the session) puts a badge on the list's link while signups wait for review.
 */
export function AdminNavLinks({ onNavigate, heldCount = 0 }: { onNavigate?: () => void; heldCount?: number }) {
  const pathname = usePathname();
  const role = useAdminRole();
  const items = NAV_ITEMS.filter((item) => !("ability" in item) || roleCan(role, item.ability));
  return (
    <ul className="grid gap-1">
      {items.map(({ href, label, icon: Icon }) => {
        const current = pathname === href || (href !== "/admin" && pathname.startsWith(`${href}/`));
        const badge = href === "/admin" && heldCount > 0;
        return (
          <li key={href} className="relative">
            <Link
              href={href}
              aria-current={current ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                // Its look, current or not, is the .nav-link class (app/globals.css).
                "nav-link",
                // Room for the badge beside the label: the label stays on one line up to "999 held".
                badge && (heldCount < 1000 ? "pr-[4.75rem]" : "pr-24"),
              )}
            >
              <NavLinkIcon icon={Icon} />
              {label}
            </Link>
            {badge && (
              <span className="absolute top-1/2 right-2 -translate-y-1/2">
                <HeldCountBadge count={heldCount} onNavigate={onNavigate} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Who is signed in, and the Sign Out button. */
export function AdminAccount({ name, email }: { name: string; email: string }) {
  const logout = useLogout();
  const busy = logout.isPending || logout.isSuccess;
  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="min-w-0 px-3">
        <p className="truncate text-sm font-medium" data-testid="admin-name">
          {name}
        </p>
        <p className="truncate text-sm text-muted-foreground" data-testid="admin-email">
          {email}
        </p>
      </div>
      <Button variant="outline" className="justify-start" onClick={() => logout.mutate()} disabled={busy}>
        {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <LogOutIcon aria-hidden="true" />}
        {busy ? "Signing out..." : "Sign Out"}
      </Button>
    </div>
  );
}

/** The narrow-screen menu: a sheet from the left with the links and the account. */
export function MobileMenu({ name, email, heldCount = 0 }: { name: string; email: string; heldCount?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={open ? "Close menu" : "Open menu"}>
          <MenuIcon aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 border-r bg-background p-4 shadow-lg focus:outline-none md:hidden"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="px-3 text-lg font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <XIcon aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Admin" className="flex-1">
            <AdminNavLinks onNavigate={() => setOpen(false)} heldCount={heldCount} />
          </nav>
          <AdminAccount name={name} email={email} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
