import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { LoginForm } from "@/components/admin/login-form";
import { siteConfig } from "@/config/site";
import { getCurrentAdmin } from "@/lib/auth/current-admin";

export const metadata: Metadata = {
  title: "Admin sign in",
  robots: { index: false, follow: false },
};

/** Whether this browser already holds a live session; a failed check just shows the form. */
async function signedIn(): Promise<boolean> {
  try {
    return (await getCurrentAdmin()) !== null;
  } catch {
    return false;
  }
}

export default async function AdminLoginPage() {
  // An admin who is signed in has nothing to do here.
  if (await signedIn()) redirect("/admin");
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 grid gap-1 text-center">
          <p className="text-sm font-medium text-primary">{siteConfig.name} Admin</p>
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="text-sm text-muted-foreground">Use your admin email and password.</p>
        </div>
        <LoginForm />
      </div>
    </main>
  );
}
