"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "sonner";

import { LOGIN_PATH } from "@/lib/admin-paths";

/**
 * When the session check itself fails (the database or the server is down), the admin is told and sent
 * to the login page, as for any session that cannot be confirmed.
 */
export default function AdminError() {
  const router = useRouter();
  useEffect(() => {
    // The id keeps React's development double-effect from showing it twice.
    toast.error("Authentication error", {
      id: "admin-auth-error",
      description: "There was a problem checking your authentication status",
    });
    router.replace(LOGIN_PATH);
  }, [router]);
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <p role="status">There was a problem checking your authentication status. Taking you to the sign-in page...</p>
    </div>
  );
}
