"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { ListIcon, Loader2Icon, LogOutIcon, UsersIcon } from "lucide-react";

import { useLogout } from "@/components/admin/use-logout";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const NAV_ITEMS = [
  { href: "/admin", label: "Waitlist Entries", icon: ListIcon },
  { href: "/admin/users", label: "Admin Users", icon: UsersIcon },
] as const;

/** The admin area's links; the current page is marked with aria-current. */
export function AdminNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="grid gap-1">
      {NAV_ITEMS.map(({ href, label, icon: Icon }) => {
        const current = pathname === href;
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={current ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                current ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-accent hover:text-accent-foreground",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Link>
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
