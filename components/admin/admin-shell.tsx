"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { Dialog as DialogPrimitive } from "radix-ui";
import { Loader2Icon, MenuIcon, XIcon } from "lucide-react";
import { toast } from "sonner";

import { AdminAccount, AdminNavLinks } from "@/components/admin/admin-nav";
import { SESSION_URL, markSignedOut, useAdminSession } from "@/components/admin/session";
import { Button } from "@/components/ui/button";
import { siteConfig } from "@/config/site";
import { ApiError } from "@/lib/api";

const LOGIN_PATH = "/admin/login";

function isSessionEnded(error: unknown) {
  return error instanceof ApiError && error.status === 401;
}

/** Any admin call answered 401 means the session ended (e.g. the admin was deactivated): go to sign-in. */
function useEndSessionOnUnauthorized() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && event.query.queryKey[0] !== SESSION_URL && isSessionEnded(event.action.error)) {
        markSignedOut(queryClient);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isSessionEnded(event.action.error)) markSignedOut(queryClient);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

function Brand() {
  return (
    <Link href="/admin" className="rounded-md px-3 text-lg font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {siteConfig.name} <span className="font-normal text-muted-foreground">Admin</span>
    </Link>
  );
}

function MobileMenu({ name, email }: { name: string; email: string }) {
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
            <AdminNavLinks onNavigate={() => setOpen(false)} />
          </nav>
          <AdminAccount name={name} email={email} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Shown while the session is checked, and while a signed-out visitor is sent to the login page. */
function SessionLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        Loading
      </p>
    </div>
  );
}

/**
 * When the check itself fails (server or network down). The spec sends the browser to the login page,
 * but a browser still holding its cookie is sent straight back by the proxy, so this panel is what
 * the admin sees in that case: say so and offer a retry rather than "Loading" forever.
 */
function SessionCheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div className="grid max-w-sm justify-items-center gap-4 text-center">
        <p role="alert">There was a problem checking your authentication status. Please try again.</p>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? "Checking..." : "Try again"}
        </Button>
      </div>
    </div>
  );
}

/**
 * The session-checked frame of /admin and /admin/users: checks the session on load, then shows the
 * sidebar (or, on narrow screens, a header with a menu) around the page.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const session = useAdminSession();
  useEndSessionOnUnauthorized();

  const signedOut = session.isSuccess && !session.data?.isAuthenticated;
  useEffect(() => {
    if (session.isError) {
      // The id keeps React's development double-effect from showing it twice.
      toast.error("Authentication error", { id: "admin-auth-error", description: "There was a problem checking your authentication status" });
      router.replace(LOGIN_PATH);
    }
  }, [session.isError, router]);
  useEffect(() => {
    if (signedOut) router.replace(LOGIN_PATH);
  }, [signedOut, router]);

  const admin = session.data?.isAuthenticated ? session.data.admin : null;
  if (session.isError) return <SessionCheckFailed onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  if (!admin) return <SessionLoading />;

  return (
    <div className="min-h-dvh bg-muted/30 md:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-background px-2 md:hidden">
        <Brand />
        <MobileMenu name={admin.name} email={admin.email} />
      </header>
      <aside className="hidden md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:gap-6 md:border-r md:bg-background md:p-4">
        <div className="pt-2">
          <Brand />
        </div>
        <nav aria-label="Admin" className="flex-1">
          <AdminNavLinks />
        </nav>
        <AdminAccount name={admin.name} email={admin.email} />
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
        {children}
      </main>
    </div>
  );
}
