"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";

import { makeQueryClient } from "@/lib/query-client";

/**
 * The query client for the admin pages (app/admin/layout.tsx). The landing page does without it at its root: its
 * waitlist islands load react-query lazily with their own client (WaitlistQueryProvider), so it stays out of the
 * page's first load.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
