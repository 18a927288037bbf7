import { connection } from "next/server";

import { Providers } from "@/components/providers";
import { Toaster } from "@/components/ui/sonner";

/**
 * Every admin page, signed in or not, shares one query client and one toaster, so a toast survives the move from
 * sign-in to the dashboard. (The landing page has neither at its root: its waitlist islands bring their own.)
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  // Admin pages show personal data: each renders per request, so Next puts proxy.ts's CSP nonce on its scripts.
  await connection();
  return (
    <Providers>
      {children}
      <Toaster />
    </Providers>
  );
}
