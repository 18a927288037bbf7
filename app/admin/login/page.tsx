import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { LoginCard } from "@/components/admin/login/login-card";
import { LoginForm } from "@/components/admin/login/login-form";
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
    <LoginCard title="Sign in" description="Use your admin email and password.">
      <LoginForm />
    </LoginCard>
  );
}
